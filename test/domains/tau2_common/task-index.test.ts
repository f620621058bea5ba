/**
 * loadTau2TaskIndex (`_load_tau2_voice_task_index`). Expected ids and counts
 * come from reading the shipped tasks_voice.json, split_tasks.json and
 * tasks.json with Python's json module.
 */
import { describe, expect, it } from "vitest";
import { loadTau2TaskIndex } from "../../../src/domains/tau2_common/task-index.js";
import { FixtureError } from "../../../src/loaders/load-db.js";
import { ROOT } from "../../helpers/fixture-copies.js";

describe("loadTau2TaskIndex", () => {
  it("joins the voice configs of the base split with tasks.json, in tasks.json order", () => {
    const airline = loadTau2TaskIndex(ROOT, "tau2_airline");
    expect(airline.entries).toHaveLength(50);
    expect(airline.skipped).toEqual([]);
    expect(airline.entries.slice(0, 3).map((e) => e.task.id)).toEqual(["0", "1", "2"]);
    expect(airline.entries.slice(0, 2).map((e) => e.personaName)).toEqual(["lisa_brenner", "matt_delaney"]);
    const telecom = loadTau2TaskIndex(ROOT, "tau2_telecom");
    expect(telecom.entries).toHaveLength(114);
    expect(telecom.entries[0]?.task.id).toBe("[mobile_data_issue]airplane_mode_on|user_abroad_roaming_enabled_off[PERSONA:None]");
  });

  it("narrows to another split, and names the splits there are when one is missing", () => {
    expect(loadTau2TaskIndex(ROOT, "tau2_retail", "test").entries.slice(0, 4).map((e) => e.task.id)).toEqual(["5", "9", "12", "17"]);
    expect(() => loadTau2TaskIndex(ROOT, "tau2_retail", "nope")).toThrow(FixtureError);
    expect(() => loadTau2TaskIndex(ROOT, "tau2_retail", "nope")).toThrow("no 'nope' split; available: base, test, train");
  });

  it("gives each entry its voice configs", () => {
    const first = loadTau2TaskIndex(ROOT, "tau2_airline").entries[0];
    const configs = first?.voice.configs as { control?: { persona_name?: string } } | undefined;
    expect(configs?.control?.persona_name).toBe("lisa_brenner");
  });
});
