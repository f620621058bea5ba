import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json/types.js";
import { computeTotals, formatSummaryText, passHatK, summarize } from "../../../src/run/summary/aggregate.js";

describe("summarize", () => {
  it("keeps a trial's name, bucket, verdict, signals and hashes; a readability report becomes its score", () => {
    const s = summarize({
      scenario_name: "tau2_telecom_workflow__3",
      domain: "tau2_telecom",
      trial: 2,
      status: "failed",
      is_successful: false,
      db_state_match: false,
      clean_exit: true,
      total_turns: 9,
      voice_readability: { score: 0.5, violations: [] },
      db_hash: "abc",
    });
    expect(s).toEqual({
      name: "tau2_telecom_workflow__3",
      domain: "tau2_telecom",
      bucket: "tau2_telecom_workflow",
      trial: 2,
      status: "failed",
      is_successful: false,
      signals: { db_state_match: false, clean_exit: true, voice_readability: 0.5 },
      db_hash: "abc",
      user_db_hash: null,
    });
  });

  it("a trial without a trial number is trial 1, and a missing verdict is null", () => {
    const s = summarize({ scenario_name: "a__1", domain: "a", status: "errored" });
    expect(s.trial).toBe(1);
    expect(s.is_successful).toBeNull();
    expect(s.signals).toEqual({});
  });
});

describe("passHatK", () => {
  // Expected values from Python: mean over scenarios with n >= k of comb(c, k) / comb(n, k), rounded to 6 places.
  const counts = [
    { n: 3, c: 2 },
    { n: 3, c: 3 },
    { n: 1, c: 1 },
  ];
  it("is tau-bench's unbiased estimate over the scenarios with at least k trials", () => {
    expect(passHatK(counts, 1)).toBe(0.888889);
    expect(passHatK(counts, 2)).toBe(0.666667);
    expect(passHatK(counts, 3)).toBe(0.5);
  });
  it("is null when no scenario has k trials", () => {
    expect(passHatK(counts, 4)).toBeNull();
    expect(passHatK([], 1)).toBeNull();
  });
});

describe("computeTotals and formatSummaryText", () => {
  const m = (name: string, status: string, extra: JsonObject = {}): JsonObject => ({ scenario_name: name, domain: name.split("__")[0] ?? "", status, ...extra });
  const all = [
    m("a__1", "passed", { is_successful: true, db_state_match: true, clean_exit: true, judge_score: 4 }),
    m("a__2", "failed", { is_successful: false, db_state_match: false, clean_exit: true, judge_score: 2, voice_readability: { score: 0.5, violations: [{ rule: "markdown" }, { rule: "digits" }, { rule: "markdown" }] } }),
    m("b__1", "errored"),
  ];

  it("counts trials and verdicts, by bucket too, with the rates and pass^k", () => {
    const t = computeTotals(all, 1);
    expect([t.scenarios, t.distinct_scenarios, t.passed, t.failed, t.errored]).toEqual([3, 3, 1, 1, 1]);
    expect(t.success_rate).toBe(0.5);
    expect(t.signal_rates).toEqual({ is_action_match: null, db_state_match: 0.5, db_state_assertion: null, clean_exit: 1 });
    expect(t.pass_hat_k).toEqual({ "pass^1": 0.5 });
    expect(t.judge_score_mean).toBe(3);
    expect(t.by_bucket).toEqual({
      a: { scenarios: 2, passed: 1, failed: 1, errored: 0, success_rate: 0.5 },
      b: { scenarios: 1, passed: 0, failed: 0, errored: 1, success_rate: null },
    });
    expect(t.voice_readability).toEqual({ mean_score: 0.5, scenarios_with_violations: 1, violations_by_rule: { digits: 1, markdown: 2 } });
    expect(t).not.toHaveProperty("spend");
    expect(t).not.toHaveProperty("model_replies");
  });

  it("writes the console summary from the totals", () => {
    expect(formatSummaryText(computeTotals(all, 1))).toBe(
      [
        "Scenarios: 3 (passed 1, failed 1, errored 1)",
        "Overall success rate: 50.0% of 2 trials",
        "  is_action_match: N/A (no trials)",
        "  db_state_match: 50.0% of 2 trials",
        "  db_state_assertion: N/A (no predicates)",
        "  clean_exit: 100.0% of 2 trials",
        "  judge score mean: 3",
        "pass^1: 50.0%",
        "Voice readability: 50.0% (1 scenario(s) with violations: digits 1, markdown 2)",
        "",
        "By bucket:",
        "  a                           1/2    passed  50.0%",
        "  b                           0/1    passed  N/A  (1 errored)",
        "",
      ].join("\n"),
    );
  });

  it("says when a run stopped before all its planned trials", () => {
    const t = { ...computeTotals(all, 1), planned_trials: 5 };
    expect(formatSummaryText(t).split("\n")[0]).toBe("Scenarios: 3 (passed 1, failed 1, errored 1); partial: 3 of 5 planned trials ran");
  });
});
