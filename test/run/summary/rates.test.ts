import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json/types.js";
import { computeRates, passCounts, percent, tallyText, trialCountText } from "../../../src/run/summary/rates.js";

const trial = (fields: JsonObject): JsonObject => ({ status: "failed", ...fields });

describe("computeRates", () => {
  const all: JsonObject[] = [
    trial({ scenario_name: "a__1", status: "passed", is_successful: true, is_task_successful: true, db_state_match: true, clean_exit: true }),
    trial({ scenario_name: "a__2", is_successful: false, is_task_successful: true, db_state_match: false, clean_exit: true }),
    trial({ scenario_name: "a__3", is_successful: true, db_state_match: true, clean_exit: false, db_state_assertion_verdicts: [{ passed: true }, { passed: false }, { passed: true }] }),
    // Errored: part of no rate.
    trial({ scenario_name: "a__4", status: "errored", is_successful: false, db_state_match: false }),
    // Stopped for too few agent turns: counts for success, not for the signals.
    trial({ scenario_name: "a__5", is_successful: false, db_state_match: false, clean_exit: false, insufficient_agent_turns: true }),
  ];

  it("counts the composite over trials whose is_successful is a boolean, leaving errored trials out", () => {
    const r = computeRates(all);
    expect(r.trials).toBe(5);
    expect(r.errored).toBe(1);
    expect(r.success).toEqual({ passed: 2, n: 4, unit: "trials", rate: 0.5 });
    expect(r.task_success).toEqual({ passed: 2, n: 2, unit: "trials", rate: 1 });
  });

  it("leaves trials with too few agent turns out of the signal rates; DB assertions count predicates", () => {
    const r = computeRates(all);
    expect(r.signals).toEqual({
      db_state_match: { passed: 2, n: 3, unit: "trials", rate: 0.666667 },
      db_state_assertion: { passed: 2, n: 3, unit: "predicates", rate: 0.666667 },
      clean_exit: { passed: 2, n: 3, unit: "trials", rate: 0.666667 },
    });
  });

  it("NL assertions count assertions where the metrics give the counts, else one unit passed only at a rate of 1", () => {
    const r = computeRates([trial({ nl_assertion_total: 4, nl_assertion_pass_count: 3 }), trial({ nl_assertion_pass_rate: 0.5 }), trial({ nl_assertion_pass_rate: 1 })]);
    expect(r.signals["nl_assertion"]).toEqual({ passed: 4, n: 6, unit: "assertions", rate: 0.666667 });
  });

  it("with listAll, the signals every summary shows are listed even when nothing counted them", () => {
    expect(Object.keys(computeRates([], { listAll: true }).signals)).toEqual(["is_action_match", "db_state_match", "db_state_assertion", "clean_exit"]);
    expect(computeRates([], { listAll: true }).signals["is_action_match"]).toEqual({ passed: 0, n: 0, unit: "trials", rate: null });
    expect(computeRates([]).signals).toEqual({});
  });
});

describe("passCounts", () => {
  it("per scenario: trials counted and trials passed, errored trials left out", () => {
    const counts = passCounts([
      trial({ scenario_name: "a__1", status: "passed" }),
      trial({ scenario_name: "a__1", status: "failed" }),
      trial({ scenario_name: "a__2", status: "passed" }),
      trial({ scenario_name: "a__2", status: "errored" }),
    ]);
    expect(counts).toEqual([
      { n: 2, c: 1 },
      { n: 1, c: 1 },
    ]);
  });
});

describe("texts", () => {
  it("percent has one decimal, N/A for no rate", () => {
    expect(percent(0.175)).toBe("17.5%");
    expect(percent(1)).toBe("100.0%");
    expect(percent(null)).toBe("N/A");
    expect(percent(undefined)).toBe("N/A");
  });

  it("tallyText says what the rate counts, in the singular for one", () => {
    expect(tallyText({ passed: 7, n: 40, unit: "trials", rate: 0.175 })).toBe("17.5% of 40 trials");
    expect(tallyText({ passed: 1, n: 1, unit: "predicates", rate: 1 })).toBe("100.0% of 1 predicate");
    expect(tallyText({ passed: 0, n: 0, unit: "assertions", rate: null })).toBe("N/A (no assertions)");
  });

  it("trialCountText names trials only when there are several per scenario", () => {
    expect(trialCountText(50, 50)).toBe("Scenarios: 50");
    expect(trialCountText(150, 50)).toBe("Trials: 150 over 50 scenarios");
  });
});
