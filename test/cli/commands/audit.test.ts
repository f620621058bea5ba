/**
 * The inaction audit on tau2_airline: the scenarios whose gold DB is the
 * initial DB (24 of 50, counted from the fixtures by the reference's own
 * gold replay) are exactly those a do-nothing agent passes.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../../helpers/cli.js";

interface AuditJson {
  scenarios: { name: string; passes_on_inaction: boolean; passed_signals: string[]; expected_db_is_initial: boolean | null }[];
  counts: Record<string, { scenarios: number; passes_on_inaction: number; expected_db_is_initial: number }>;
}

describe("evalsim audit", () => {
  it("tau2_airline: 24 of 50 pass on inaction, the same 24 whose expected DB is the initial DB", async () => {
    const r = await runCli(["audit", "--domain", "tau2_airline", "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AuditJson;
    expect(out.counts).toEqual({ tau2_airline: { scenarios: 50, passes_on_inaction: 24, expected_db_is_initial: 24 } });
    expect(out.scenarios.every((s) => s.passes_on_inaction && s.expected_db_is_initial === true)).toBe(true);
    expect(out.scenarios[0]?.passed_signals).toEqual(["db_state_match", "clean_exit"]);
  });

  it("prints one line per flagged scenario and a count per bucket", async () => {
    const r = await runCli(["audit", "--domain", "tau2_airline"]);
    expect(r.stdout.split("\n").filter((l) => l.startsWith("tau2_airline__"))).toHaveLength(24);
    expect(r.stdout).toContain("tau2_airline: 24 of 50 pass on inaction, 24 of 50 expect the initial DB\n");
  });
});
