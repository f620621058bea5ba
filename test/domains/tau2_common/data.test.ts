/**
 * The tau2 task loaders shared by the tau2 domains: tasks, voice tasks and
 * splits load from the shipped fixtures, and corrupted copies (made in a temp
 * dir) fail with one precise line naming the file and JSON path.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadTau2Split, loadTau2Tasks, loadTau2VoiceTasks } from "../../../src/domains/tau2_common/data.js";
import { copyRoot, editJson, failure, fullChecks, remove, removeCopies, ROOT, set, TAU2 } from "../../helpers/fixture-copies.js";

afterAll(removeCopies);

describe("shipped tau2 tasks", () => {
  fullChecks();

  it("airline tasks carry `annotations`, which tau2's Task model does not declare", () => {
    expect(Object.keys(loadTau2Tasks(ROOT, "tau2_airline")[0] ?? {})).toContain("annotations");
  });

  it("tau2 tasks, voice tasks and splits", () => {
    // Counts from the fixture README: 50 airline, 114 retail, 114 telecom base tasks.
    const counts = { tau2_airline: 50, tau2_retail: 114, tau2_telecom: 114 };
    for (const d of TAU2) {
      expect(loadTau2Tasks(ROOT, d)).toHaveLength(counts[d]);
      expect(Object.keys(loadTau2VoiceTasks(ROOT, d).configs)).toHaveLength(counts[d]);
      expect(loadTau2Split(ROOT, d)["base"]).toHaveLength(counts[d]);
    }
  });
});

describe("corrupted tau2 task files fail with one precise line", () => {
  it("instructions that are neither structured nor text", () => {
    const r = copyRoot("tau2_retail");
    const file = editJson(r, "tau2_retail/tasks.json", (tasks) =>
      set(tasks, [3, "user_scenario", "instructions"], 5),
    );
    expect(failure(() => loadTau2Tasks(r, "tau2_retail"))).toBe(
      `${file}: [3].user_scenario.instructions: expected an object or a string, found 5`,
    );
  });

  it("a structured-instructions field of the wrong type", () => {
    const r = copyRoot("tau2_retail");
    const file = editJson(r, "tau2_retail/tasks.json", (tasks) =>
      set(tasks, [3, "user_scenario", "instructions", "reason_for_call"], ["x"]),
    );
    expect(failure(() => loadTau2Tasks(r, "tau2_retail"))).toBe(
      `${file}: [3].user_scenario.instructions.reason_for_call: expected a string, found an array (1 item)`,
    );
  });

  it("a bad requestor", () => {
    const r = copyRoot("tau2_telecom");
    const file = editJson(r, "tau2_telecom/tasks.json", (tasks) =>
      set(tasks, [1, "evaluation_criteria", "actions", 0, "requestor"], "agent"),
    );
    expect(failure(() => loadTau2Tasks(r, "tau2_telecom"))).toBe(
      `${file}: [1].evaluation_criteria.actions[0].requestor: expected one of "user", "assistant", found "agent"`,
    );
  });

  it("a repeated task id", () => {
    // The reference's index would silently keep the later task.
    const r = copyRoot("tau2_retail");
    const file = editJson(r, "tau2_retail/tasks.json", (tasks) => set(tasks, [7, "id"], "2"));
    expect(failure(() => loadTau2Tasks(r, "tau2_retail"))).toBe(
      `${file}: [7].id: expected an id not already used (by task [2]), found "2"`,
    );
  });

  it("voice tasks without their configs table", () => {
    // The reference's `.get("configs", {})` would silently yield no voice tasks.
    const r = copyRoot("tau2_airline");
    const file = editJson(r, "tau2_airline/tasks_voice.json", (voice) => remove(voice, ["configs"]));
    expect(failure(() => loadTau2VoiceTasks(r, "tau2_airline"))).toBe(
      `${file}: configs: expected an object, found nothing (the field is missing)`,
    );
  });

  it("a split listing a number", () => {
    // The reference would intersect string ids with it and silently drop the task.
    const r = copyRoot("tau2_airline");
    const file = editJson(r, "tau2_airline/split_tasks.json", (splits) => set(splits, ["base", 3], 3));
    expect(failure(() => loadTau2Split(r, "tau2_airline"))).toBe(`${file}: base[3]: expected a string, found 3`);
  });
});
