/**
 * `check` counts a plugin domain's own known divergences (defineDomain's
 * knownDivergences) for the oracle run as it does for gold: a scenario the
 * domain declares as a known run divergence is "known", not a failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { writePharmacy } from "./pharmacy/package.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SCENARIOS = ["pharmacy__refill", "pharmacy__controlled"];
const entry = (scenario: string, kind: string): string =>
  `{ id: "pharmacy:${kind}:${scenario}", kind: "${kind}", scenario: "${scenario}", what: "the phone's alerts end up on", evidence: "${scenario}: the assertion asks for alerts off", decision: "keep" }`;
// Every scenario asserts alerts off, which neither gold nor the oracle leaves; the domain declares both as known.
const failing = ["scenarios.js", "assert_value: true", "assert_value: false"] as const;
const declared = ["index.js", "  sync,\n", `  sync,\n  knownDivergences: [${SCENARIOS.flatMap((s) => [entry(s, "gold"), entry(s, "run")]).join(", ")}],\n`] as const;

describe("check with a plugin's known divergences", () => {
  it("counts the run's failures the domain declares as known, and exits 0", async () => {
    const file = writePharmacy([failing, declared]);
    const out = mkdtempSync(join(tmpdir(), "evalsim-check-known-"));
    dirs.push(dirname(file), out);
    const r = await runCli(["--no-builtin", "check", "--domains", file, "--out", out, "--workers", "1", "--json"]);
    expect(r.stderr).toBe("");
    const json = JSON.parse(r.stdout) as { ok: boolean; domains: Record<string, unknown>[] };
    expect(json.domains).toEqual([{ bucket: "pharmacy", scenarios: 2, gold_ok: 0, gold_failed: 0, gold_known: 2, run_passed: 0, run_failed: 0, run_errored: 0, run_known: 2 }]);
    expect(json.ok).toBe(true);
    expect(r.code).toBe(0);
  });

  it("without the declaration the same run fails; with --no-builtin no built-in fixtures are looked for or fetched", async () => {
    const file = writePharmacy([failing]);
    const out = mkdtempSync(join(tmpdir(), "evalsim-check-known-"));
    dirs.push(dirname(file), out);
    const r = await runCli(["--no-builtin", "check", "--domains", file, "--out", out, "--workers", "1", "--json"]);
    expect(r.stderr).toBe("");
    const json = JSON.parse(r.stdout) as { ok: boolean; domains: Record<string, unknown>[] };
    expect(json.domains).toEqual([{ bucket: "pharmacy", scenarios: 2, gold_ok: 0, gold_failed: 2, gold_known: 0, run_passed: 0, run_failed: 2, run_errored: 0, run_known: 0 }]);
    expect(r.code).toBe(1);
  });
});

describe("check's text output with accepted failures", () => {
  it("says the failures it lists are the ones a known divergence accepts", async () => {
    const file = writePharmacy([failing, declared]);
    const out = mkdtempSync(join(tmpdir(), "evalsim-check-known-"));
    dirs.push(dirname(file), out);
    const r = await runCli(["--no-builtin", "check", "--domains", file, "--out", out, "--workers", "1"]);
    expect(r.stdout).toContain("all scenarios pass, apart from 4 failure(s) a known divergence accepts (the known column)\n");
    expect(r.code).toBe(0);
  });
});
