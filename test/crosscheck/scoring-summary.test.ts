/**
 * all_summary.txt read back into figures, and evalsim's figures for the same
 * metrics. The summary text follows the reference runner's f-strings
 * (runner.py's summary writer at 1a83139); the crosscheck itself sets a real
 * runner's file beside evalsim's (docs/crosscheck.md).
 */
import { describe, expect, it } from "vitest";
import { evalsimFigures, parseSummary } from "../../src/crosscheck/scoring-summary.js";
import type { JsonObject } from "../../src/json/types.js";

const SUMMARY = [
  "EVALUATION SUMMARY",
  "Total Scenarios: 3",
  "",
  "Overall Success Rate: 66.67% (2/3 scenarios — strict conjunction across all applicable signals)",
  "Task Success Rate (excl. clean_exit): 66.67% (2/3 scenarios)",
  "",
  "Per-signal pass rates:",
  "  Action-list match:           50.00% (1/2 scenarios)",
  "  NL-Assertion pass:           75.00% (3/4 assertions)",
  "  Judge score mean:            2.333 (across 3 scenarios)",
  "  Clean exit: 100.00% (3/3 scenarios)",
  "",
  "Token Usage:",
  "  agent: 3 call(s), prompt=1,000, completion=10, total=1,010",
  "",
  "Per-Domain Success Rate:",
  "  eva_airline: 100.00% (1/1)",
  "  tau2_retail: 50.00% (1/2)",
].join("\n");

const metrics = (name: string, m: JsonObject): JsonObject => ({ scenario_name: name, status: m["is_successful"] === true ? "passed" : "failed", clean_exit: true, ...m });

describe("all_summary.txt figures", () => {
  it("reads each passed/counted figure by its line, per-domain ones under their section", () => {
    expect(parseSummary(SUMMARY)).toEqual({
      "Overall Success Rate": [2, 3],
      "Task Success Rate (excl. clean_exit)": [2, 3],
      "Action-list match": [1, 2],
      "NL-Assertion pass": [3, 4],
      "Judge score mean": [2.333, 3],
      "Clean exit": [3, 3],
      "Per-Domain Success Rate / eva_airline": [1, 1],
      "Per-Domain Success Rate / tau2_retail": [1, 2],
    });
  });

  it("gives evalsim's figures for the same metrics under the same labels", () => {
    const all = [
      metrics("eva_airline__1", { is_successful: true, is_task_successful: true, is_action_match: true, judge_score: 3 }),
      metrics("tau2_retail__1", { is_successful: true, is_task_successful: true, is_action_match: false, judge_score: 3, nl_assertion_pass_count: 2, nl_assertion_total: 2, nl_assertion_pass_rate: 1 }),
      metrics("tau2_retail__2", { is_successful: false, is_task_successful: false, is_action_match: "N/A", judge_score: 1, nl_assertion_pass_count: 1, nl_assertion_total: 2, nl_assertion_pass_rate: 0.5 }),
    ];
    const ours = evalsimFigures(all);
    const theirs = parseSummary(SUMMARY);
    for (const label of ["Overall Success Rate", "Task Success Rate (excl. clean_exit)", "Action-list match", "NL-Assertion pass", "Clean exit", "Per-Domain Success Rate / tau2_retail"]) expect(ours[label]).toEqual(theirs[label]);
    expect(ours["Judge score mean"]?.[1]).toBe(3);
    expect(Math.abs((ours["Judge score mean"]?.[0] ?? 0) - 2.333)).toBeLessThan(5e-4);
  });

  it("lists a per-domain section only when more than one domain has a figure", () => {
    const one = evalsimFigures([metrics("eva_airline__1", { is_successful: true, is_task_successful: true, db_state_match: true })]);
    expect(Object.keys(one).some((k) => k.startsWith("Per-Domain"))).toBe(false);
    expect(one["DB-State match"]).toEqual([1, 1]);
  });
});
