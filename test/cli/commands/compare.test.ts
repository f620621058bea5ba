import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { command } from "../../../src/cli/commands/compare.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";
import { evalsim, removeScratch, runFolder, scratch } from "../../run/run-helpers.js";

afterAll(removeScratch);

const SCENARIOS = ["eva_airline__cancellation_refund", "tau2_retail__0"];
let run: string;
beforeAll(async () => {
  const out = scratch("compare-cmd");
  expect((await evalsim(["run", "--scenarios", ...SCENARIOS, "--out", out])).code).toBe(0);
  run = runFolder(out);
});

describe("evalsim compare", () => {
  it("a run against itself: every scenario still passing, nothing regressed, exit 0", () => {
    const ctx = commandContext();
    expect(command.run([run, run, "--json"], ctx)).toBe(0);
    const c = JSON.parse(ctx.io.stdout()) as { seed: number; counts: Record<string, number>; scenarios: { name: string; category: string }[] };
    expect(c.seed).toBe(0);
    expect(c.counts["still_passing"]).toBe(2);
    expect(c.counts["regressed"]).toBe(0);
    expect(c.scenarios.map((s) => [s.name, s.category])).toEqual(SCENARIOS.map((n) => [n, "still_passing"]));
  });

  it("writes the CI files it is asked for", () => {
    const dir = scratch("compare-ci");
    const junit = join(dir, "j.xml");
    const md = join(dir, "c.md");
    expect(command.run([run, run, "--junit", junit, "--markdown", md, "--fail-on", "any"], commandContext())).toBe(0);
    expect(readFileSync(junit, "utf8")).toMatch(/^<\?xml /);
    expect(existsSync(md)).toBe(true);
  });

  it("bad usage: one folder, an unknown --fail-on, a folder that is not a run", () => {
    expect(() => command.run([run], commandContext())).toThrow(new UsageError("compare needs two run folders, BASE and CAND (got 1)"));
    expect(() => command.run([run, run, "--fail-on", "sometimes"], commandContext())).toThrow(new UsageError("--fail-on must be one of regressions, any, never, got 'sometimes'"));
    const empty = scratch("compare-empty");
    mkdirSync(join(empty, "x"));
    expect(() => command.run([empty, run], commandContext())).toThrow(UsageError);
    expect(() => command.run([empty, run], commandContext())).toThrow(/not a run folder/);
  });
});
