import { describe, expect, it } from "vitest";
import type { TrialRecord } from "../../src/results/read-run.js";
import { domainRow, domainRows } from "../../src/results/run-table.js";

const rec = (name: string, bucket: string, status: TrialRecord["status"], metrics: TrialRecord["metrics"]): TrialRecord => ({ name, domain: bucket, bucket, trial: 1, status, metrics, dir: "/nowhere" });
const PASSED = rec("a__1", "a", "passed", {
  is_successful: true,
  success_breakdown: { passed: ["db_state_match"], failed: [] },
  db_state_match: true,
  token_usage: { agent: { prompt: 100, completion: 20, cost_usd: 0.001 }, user: { prompt: 7, completion: 3 } },
  voice_readability: { score: 0.5 },
});
const FAILED = rec("a__2", "a", "failed", {
  is_successful: false,
  success_breakdown: { passed: [], failed: ["db_state_match"] },
  db_state_match: false,
  token_usage: { agent: { prompt: 50, completion: 5 } },
  voice_readability: { score: 1 },
});
const ERRORED = rec("b__1", "b", "errored", { error: { message: "HTTP 500" }, voice_readability: { score: 0 } });

describe("domainRow", () => {
  it("counts trials, rates the counted ones and sums tokens and cost", () => {
    const row = domainRow("a", [PASSED, FAILED]);
    expect({ ...row, pass_hat_k: undefined }).toEqual({
      domain: "a",
      trials: 2,
      passed: 1,
      failed: 1,
      errored: 0,
      success: { passed: 1, n: 2, unit: "trials", rate: 0.5 },
      success_rate: 0.5,
      signals: { db_state_match: { passed: 1, n: 2, unit: "trials", rate: 0.5 } },
      readability: { mean: 0.75, n: 2 },
      pass_hat_k: undefined,
      tokens: { prompt: 157, completion: 28 },
      cost: 0.001,
    });
  });

  it("keeps an errored trial out of every rate and mean", () => {
    const row = domainRow("b", [ERRORED]);
    expect([row.errored, row.success, row.readability, row.cost]).toEqual([1, { passed: 0, n: 0, unit: "trials", rate: null }, null, null]);
  });
});

describe("domainRows", () => {
  it("gives a row per bucket in order of appearance, then `all` when there are several", () => {
    const rows = domainRows([ERRORED, PASSED, FAILED]);
    expect(rows.map((r) => [r.domain, r.trials, r.passed, r.failed, r.errored])).toEqual([
      ["b", 1, 0, 0, 1],
      ["a", 2, 1, 1, 0],
      ["all", 3, 1, 1, 1],
    ]);
    expect(domainRows([PASSED]).map((r) => r.domain)).toEqual(["a"]);
  });
});
