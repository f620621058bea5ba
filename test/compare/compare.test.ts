import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalsim, removeScratch } from "../run/run-helpers.js";
import type { ComparedRuns } from "./recordings.js";
import { DB_REGRESSION, EXIT_REGRESSION, FIXED, makeRuns, SCENARIOS } from "./recordings.js";

interface Side {
  trials: number;
  passed: number;
  pass_fraction: number | null;
  reason: string | null;
}
interface Json {
  counts: Record<string, number>;
  scenarios: { name: string; category: string; base: Side | null; cand: Side | null }[];
  failure_kinds?: { base: Record<string, { count: number }>; cand: Record<string, { count: number }> };
  domains: { domain: string; paired: number; success: { difference: number | null }; interval: { low: number; high: number } | null; pass_hat_k: { base: Record<string, number | null>; cand: Record<string, number | null> } }[];
}

afterAll(removeScratch);

describe("evalsim compare", () => {
  let runs: ComparedRuns;
  beforeAll(async () => {
    runs = await makeRuns("cmp");
  });

  it("finds exactly the two regressions and the fix, and exits 1", async () => {
    const r = await evalsim(["compare", runs.base, runs.cand, "--json"]);
    expect(r.code, r.err).toBe(1);
    const out = JSON.parse(r.out) as Json;
    const changed = out.scenarios.filter((s) => s.category !== "still_passing").map((s) => [s.name, s.category]);
    expect(changed.sort()).toEqual([
      [EXIT_REGRESSION, "regressed"],
      [FIXED, "fixed"],
      [DB_REGRESSION, "regressed"],
    ].sort());
    expect(out.counts).toMatchObject({ regressed: 2, fixed: 1, still_passing: 2, still_failing: 0, errored_now: 0, only_in_base: 0, only_in_cand: 0 });
    const byName = new Map(out.scenarios.map((s) => [s.name, s]));
    // A dropped write leads with the diagnosis; a failure no call explains (the exit) keeps its evidence alone,
    // after the count of the recorded calls the turn limit left unreplayed.
    expect(byName.get(DB_REGRESSION)?.cand?.reason).toMatch(/^decisive: missing write ExchangeDeliveredOrderItemsTool\(#W\d+, .*\) \(never made\); db_state_match: orders\./);
    expect(byName.get(EXIT_REGRESSION)?.cand?.reason).toMatch(/^\d+ recorded calls not replayed \(the conversation stopped by max_turns\); clean_exit: the conversation ended by (?!\[EXIT\])/);
    expect(byName.get(FIXED)?.base?.reason).toMatch(/^decisive: missing write \w+Tool\(.*\); db_state_match: /);
    const count = (k: Record<string, { count: number }> | undefined): Record<string, number> => Object.fromEntries(Object.entries(k ?? {}).map(([kind, t]) => [kind, t.count]));
    expect(count(out.failure_kinds?.base)).toEqual({ missing_write: 1 });
    expect(count(out.failure_kinds?.cand)).toEqual({ missing_write: 1, no_failure_in_calls: 1 });
  });

  it("prints the changes with their reasons, and --fail-on decides the exit code", async () => {
    const text = await evalsim(["compare", runs.base, runs.cand]);
    expect(text.out).toContain("Regressed (2):");
    expect(text.out).toMatch(new RegExp(`${DB_REGRESSION}\\s+passed → failed\\s+decisive: missing write .*; db_state_match: `));
    expect(text.out).toContain("Failures by kind (base → cand):\n  missing_write             1 → 1     (cand: in ExchangeDeliveredOrderItemsTool)\n  no_failure_in_calls       0 → 1\n");
    expect(text.out).toMatch(new RegExp(`${FIXED}\\s+failed → passed`));
    expect((await evalsim(["compare", runs.base, runs.cand, "--fail-on", "never"])).code).toBe(0);
    expect((await evalsim(["compare", runs.base, runs.base, "--fail-on", "regressions"])).code).toBe(1 - 1);
    // The base itself has a failing scenario, so "any" fails comparing it to itself.
    expect((await evalsim(["compare", runs.base, runs.base, "--fail-on", "any"])).code).toBe(1);
    expect((await evalsim(["compare", runs.cand, runs.base])).out).toContain(`${FIXED}  passed → failed`);
  });

  it("refuses bad usage with exit 2", async () => {
    expect((await evalsim(["compare", runs.base])).code).toBe(2);
    expect((await evalsim(["compare", runs.base, "/nonexistent/run"])).err).toMatch(/no such run folder/);
    expect((await evalsim(["compare", runs.base, runs.cand, "--fail-on", "sometimes"])).code).toBe(2);
  });
});

describe("evalsim compare with trials", () => {
  let runs: ComparedRuns;
  beforeAll(async () => {
    runs = await makeRuns("cmp3", 3);
  });

  it("gives per-scenario pass fractions, pass^k and intervals that depend only on the seed", async () => {
    const a = await evalsim(["compare", runs.base, runs.cand, "--json", "--seed", "7"]);
    const b = await evalsim(["compare", runs.base, runs.cand, "--json", "--seed", "7"]);
    expect(a.code).toBe(1);
    expect(a.out).toBe(b.out);
    const out = JSON.parse(a.out) as Json;
    const db = out.scenarios.find((s) => s.name === DB_REGRESSION);
    expect(db?.base).toMatchObject({ trials: 3, passed: 3, pass_fraction: 1 });
    expect(db?.cand).toMatchObject({ trials: 3, passed: 0, pass_fraction: 0 });
    const retail = out.domains.find((d) => d.domain === "tau2_retail");
    // Two retail scenarios: one fixed (+1), one regressed (−1); the mean of a resample is −1, 0 or +1.
    expect(retail?.paired).toBe(2);
    expect(retail?.success.difference).toBe(0);
    expect(retail?.interval).toEqual({ low: -1, high: 1 });
    expect(retail?.pass_hat_k.base).toEqual({ "pass^1": 0.5, "pass^2": 0.5, "pass^3": 0.5 });
    const eva = out.domains.find((d) => d.domain === "eva_airline");
    expect(eva?.interval).toEqual({ low: 0, high: 0 });
    const all = out.domains.find((d) => d.domain === "all");
    expect(all?.paired).toBe(SCENARIOS.length);
    const i = all?.interval as { low: number; high: number };
    // Differences 0, 0, −1, −1, +1: the mean −0.2 lies inside; resample means are multiples of 0.2 in [−1, 1].
    expect(all?.success.difference).toBe(-0.2);
    expect(i.low).toBeLessThan(-0.2);
    expect(i.high).toBeGreaterThan(-0.2);
    for (const x of [i.low, i.high]) expect(Math.abs(x * 5 - Math.round(x * 5))).toBeLessThan(1e-9);
  });
});
