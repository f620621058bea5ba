/** A small comparison written out by hand: what compare.ts would build for two runs of three tau2_retail scenarios. */
import type { Comparison, Rate, ScenarioComparison } from "../../src/compare/compare.js";

const rate = (passed: number, n: number, errored = 0): Rate => ({ passed, n, unit: "trials", rate: n === 0 ? null : Math.round((passed / n) * 1e6) / 1e6, errored });
const side = (passed: number, trials = 1, errored = 0, reason: string | null = null) => ({
  trials,
  passed,
  errored,
  pass_fraction: trials === errored ? null : passed / (trials - errored),
  reason,
  seconds: 12.5,
});

export const SCENARIOS: readonly ScenarioComparison[] = [
  { name: "tau2_retail__1", domain: "tau2_retail", category: "regressed", base: side(1), cand: side(0, 1, 0, "DB differs at orders.#W1.status") },
  { name: "tau2_retail__2", domain: "tau2_retail", category: "fixed", base: side(0, 1, 0, "agent never called exchange_delivered_order_items"), cand: side(1) },
  { name: "tau2_retail__3", domain: "tau2_retail", category: "errored_now", base: side(1), cand: side(0, 1, 1, "errored: endpoint gone") },
  { name: "tau2_retail__4", domain: "tau2_retail", category: "still_passing", base: side(2, 3, 1), cand: side(2, 2) },
];

export const COMPARISON: Comparison = {
  base: "runs/base",
  cand: "runs/cand",
  seed: 7,
  comparability: { warnings: ["today differs: \"2025-02-25\" in base, \"2025-03-01\" in cand; scenarios that use the date may differ for that reason"], fixture_differences: {} },
  counts: { regressed: 1, errored_now: 1, fixed: 1, still_failing: 0, errored_before: 0, still_passing: 1, only_in_base: 0, only_in_cand: 0 },
  scenarios: SCENARIOS,
  domains: [
    {
      domain: "tau2_retail",
      scenarios: 4,
      paired: 3,
      success: { base: rate(3, 4, 1), cand: rate(3, 4, 1), difference: 0 },
      signals: { db_state_match: { base: rate(3, 4), cand: rate(2, 4), difference: -0.25 } },
      pass_hat_k: { base: { "pass^1": 0.75 }, cand: { "pass^1": 0.75 } },
      interval: { low: -0.333333, high: 0.333333 },
    },
  ],
};
