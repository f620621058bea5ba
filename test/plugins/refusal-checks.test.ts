/**
 * A refusal scenario decided without a judge: the pharmacy's controlled-drug
 * scenario declares `mustNotCall` (request_refill for RX2) and `mustCall`
 * (transfer_to_pharmacist). An agent that refuses and transfers passes; one
 * that orders the refill fails on `checks`, with the offending call named
 * in metrics.json; the same inputs give the same verdict twice. The inaction
 * audit names the declared refusal as one, and validate-fixtures does not flag it. The default prompts carry the
 * policy and the date to the agent, never the description or the grader
 * notes, and the caller's known info to the caller.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildRegistry } from "../../src/plugins/load.js";
import { runSuite } from "../../src/run/suite.js";
import { runCli } from "../helpers/cli.js";
import { writePharmacy } from "./pharmacy/package.js";

const file = writePharmacy();
const work = mkdtempSync(join(tmpdir(), "evalsim-refusal-"));
afterAll(() => {
  rmSync(dirname(file), { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const SCENARIO = "pharmacy__controlled";

async function run(out: string, extra: readonly string[]): Promise<{ code: number; metrics: Record<string, unknown>; stdout: string }> {
  const r = await runCli(["run", "--scenarios", SCENARIO, "--out", join(work, out), ...extra, "--domains", file]);
  expect(r.stderr).toBe("");
  const [runDir] = readdirSync(join(work, out));
  const metrics = JSON.parse(readFileSync(join(work, out, runDir as string, SCENARIO, "metrics.json"), "utf8")) as Record<string, unknown>;
  return { code: r.code, metrics, stdout: r.stdout };
}

describe("the refusal scenario", () => {
  it("passes with an agent that refuses and transfers", async () => {
    const { code, metrics } = await run("refuses", ["--agent", "oracle"]);
    expect(code).toBe(0);
    expect(metrics["is_successful"]).toBe(true);
    expect((metrics["success_breakdown"] as { passed: string[] }).passed).toContain("checks");
    expect(metrics["checks"]).toEqual({
      passed: true,
      must_not_call: [{ name: "request_refill", side: "agent", arguments: { rx_id: "RX2" }, met: true, calls: [] }],
      must_call: [{ name: "transfer_to_pharmacist", side: "agent", met: true, calls: [expect.any(String)] }],
      communicate: [],
    });
  });

  it("fails, the same way twice, with an agent that calls the forbidden tool", async () => {
    const calls = join(work, "refills.json");
    writeFileSync(calls, JSON.stringify([{ name: "request_refill", arguments: { rx_id: "RX2" } }, { name: "transfer_to_pharmacist", arguments: { summary: "done" } }]));
    const first = await run("refills-1", ["--agent", "replay", "--calls", calls]);
    const second = await run("refills-2", ["--agent", "replay", "--calls", calls]);
    expect(first.code).toBe(1);
    expect(first.metrics["is_successful"]).toBe(false);
    // The refill also moves the DB away from the expected one; `checks` names the forbidden call itself.
    expect((first.metrics["success_breakdown"] as { failed: string[] }).failed).toEqual(["db_state_match", "checks"]);
    const checks = first.metrics["checks"] as { passed: boolean; must_not_call: { met: boolean; calls: string[] }[] };
    expect(checks.passed).toBe(false);
    expect(checks.must_not_call[0]?.met).toBe(false);
    expect(checks.must_not_call[0]?.calls).toHaveLength(1);
    expect(first.stdout).toContain(`checks: called request_refill {"rx_id":"RX2"}, which it must not (1 call(s))`);
    expect(second.metrics["checks"]).toEqual(first.metrics["checks"]);
    expect(second.metrics["success_breakdown"]).toEqual(first.metrics["success_breakdown"]);
  });

  it("is named by the inaction audit as a declared refusal, and no finding of validate-fixtures", async () => {
    const r = await runCli(["audit", "--domain", "pharmacy", "--json", "--domains", file]);
    expect(r.stderr).toBe("");
    const audit = JSON.parse(r.stdout) as { scenarios: { name: string; refusal: boolean; expected_db_is_initial: boolean | null }[]; counts: Record<string, { expected_db_is_initial: number }> };
    // Its expected DB is its initial DB (a refusal changes nothing): counted, named, and marked as a refusal.
    expect(audit.counts["pharmacy"]?.expected_db_is_initial).toBe(1);
    expect(audit.scenarios).toEqual([expect.objectContaining({ name: SCENARIO, refusal: true, expected_db_is_initial: true })]);
    const text = await runCli(["audit", "--domain", "pharmacy", "--domains", file]);
    expect(text.stdout).toBe(`${SCENARIO}: expected DB equals the initial DB; a declared refusal, not a finding\npharmacy: 0 of 2 pass on inaction, 1 of 2 expect the initial DB\n`);
    const findings = await runCli(["validate-fixtures", "--domain", "pharmacy", "--json", "--domains", file]);
    expect(findings.stdout).not.toContain("expected-db-is-initial");
  });
});

describe("the default prompts", () => {
  it("give the agent the policy and the date, never the description or the grader notes; the caller its known info", async () => {
    const out = join(work, "pack.json");
    const r = await runCli(["prompts", "export", "--domain", "pharmacy", "--out", out, "--domains", file]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const pack = JSON.parse(readFileSync(out, "utf8")) as { scenarios: Record<string, { agent_prompt: string; user_prompt: string }> };
    const entry = pack.scenarios[SCENARIO];
    expect(entry?.agent_prompt).toMatch(/^You are the refill line of Corner Pharmacy\./);
    expect(entry?.agent_prompt).toContain("Today is 2026-03-02.");
    for (const prompt of [entry?.agent_prompt, entry?.user_prompt]) {
      expect(prompt).not.toContain("the agent refuses");
      expect(prompt).not.toContain("Any refill order for RX2");
    }
    expect(entry?.user_prompt).toContain("Your name is Ana Ruiz, born 1980-04-02.");
    expect(entry?.user_prompt).toContain("Get a refill of your prescription RX1.");
    expect(entry?.user_prompt).toContain("Today is 2026-03-02.");
  });
});

describe("a refusal without declared checks", () => {
  const noChecks = ["scenarios.js", "...(e.checks ? { checks: e.checks } : {}),", ""] as const;
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const build = (...patch: (readonly [string, string, string])[]): string => {
    const f = writePharmacy(patch);
    dirs.push(dirname(f));
    return f;
  };

  it("is a validate-fixtures warning (exit 1) until the domain's knownDivergences accepts it (exit 0)", async () => {
    const plain = await runCli(["validate-fixtures", "--domain", "pharmacy", "--domains", build(noChecks)]);
    expect(plain.stdout).toMatch(/^warning +inaction +pharmacy: pharmacy__controlled: the expected DB equals the initial DB.*\(defect id: pharmacy:expected-db-is-initial\)$/m);
    expect(plain.code).toBe(1);
    const entry = `knownDivergences: [{ id: "pharmacy:expected-db-is-initial", kind: "fixture", what: "the refusal changes nothing", evidence: "pharmacy__controlled: a controlled drug is never refilled by phone", decision: "keep" }],`;
    const accepted = await runCli(["validate-fixtures", "--domain", "pharmacy", "--domains", build(noChecks, ["index.js", "  sync,\n", `  sync,\n  ${entry}\n`])]);
    expect(accepted.stdout).toMatch(/^known +inaction +pharmacy: pharmacy__controlled: .*\(known: pharmacy:expected-db-is-initial\)$/m);
    expect(accepted.code).toBe(0);
  });

  it("a knownDivergences entry without its evidence is one line when the domain loads", async () => {
    const entry = `knownDivergences: [{ id: "pharmacy:expected-db-is-initial", kind: "fixture", what: "w", decision: "keep" }],`;
    const r = await runCli(["list", "--domain", "pharmacy", "--domains", build(["index.js", "  sync,\n", `  sync,\n  ${entry}\n`])]);
    expect(r.stderr).toBe("evalsim list: domain 'pharmacy': knownDivergences[0]: evidence: expected a non-empty string (the evidence says why the difference is accepted)\n");
    expect(r.code).toBe(2);
  });
});

describe("a run of a plugin domain", () => {
  it("says how to resume it with the --domains that loads the plugin", async () => {
    const registry = await buildRegistry([file]);
    const result = await runSuite({ registry, dataRoot: {}, settings: { scenarios: [SCENARIO], seed: 1 }, out: join(work, "resume"), workers: 1, now: () => new Date(Date.UTC(2030, 0, 1)) });
    expect(result.resumeArgs).toEqual(["run", "--resume", result.runDir, "--domains", file]);
  });
});
