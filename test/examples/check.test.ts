/**
 * The shipped example and the `new-domain` scaffold (one side and two)
 * pass `evalsim check`: gold, then the oracle run, with the `communicate`,
 * `mustCall` and `mustNotCall` checks their data declares. Each package is
 * copied with its `evalsim` imports pointed at this checkout, and checked
 * in-process (the installed-package test covers the packed CLI).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/loaders/data-root.js";
import { writeScaffold } from "../../src/scaffold/write.js";
import { runCli } from "../helpers/cli.js";
import { API } from "../helpers/plugin-package.js";

const work = mkdtempSync(join(tmpdir(), "evalsim-example-check-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Point every `from "evalsim"` of the package's modules at this checkout's index. */
function localise(dir: string): void {
  for (const f of readdirSync(dir)) {
    if (!f.endsWith(".js")) continue;
    const file = join(dir, f);
    writeFileSync(file, readFileSync(file, "utf8").replaceAll(`from "evalsim"`, `from "${API}"`));
  }
}

function example(): string {
  const dir = join(work, "hotel-desk");
  cpSync(join(PROJECT_ROOT, "examples", "hotel-desk"), dir, { recursive: true });
  localise(dir);
  return join(dir, "index.js");
}

function scaffold(name: string, dualSide: boolean): string {
  const dir = join(work, name);
  writeScaffold(dir, { name, dualSide });
  localise(dir);
  return join(dir, "index.js");
}

const CASES: [string, () => string, number, number][] = [
  ["the hotel-desk example", example, 3, 2],
  ["a one-side scaffold", () => scaffold("lib_one", false), 1, 1],
  ["a two-side scaffold", () => scaffold("lib_two", true), 1, 1],
];

describe.each(CASES)("%s", (_what, make, scenarios, withChecks) => {
  it("declares checks, a communicate item among them, and passes check", async () => {
    const file = make();
    const r = await runCli(["--no-builtin", "check", "--out", join(work, "out"), "--json", "--domains", file]);
    expect(r.stderr).toBe("");
    const json = JSON.parse(r.stdout) as { ok: boolean; domains: { scenarios: number; gold_ok: number; run_passed: number }[] };
    expect(json.domains).toEqual([expect.objectContaining({ scenarios, gold_ok: scenarios, run_passed: scenarios })]);
    expect(json.ok).toBe(true);
    expect(r.code).toBe(0);
    const data = readdirSync(join(file, "..", "data"))[0] as string;
    const entries = JSON.parse(readFileSync(join(file, "..", "data", data, "scenarios.json"), "utf8")) as { checks?: { communicate?: string[] } }[];
    expect(entries.filter((e) => e.checks !== undefined)).toHaveLength(withChecks);
    expect(entries.some((e) => (e.checks?.communicate?.length ?? 0) > 0)).toBe(true);
  });
});
