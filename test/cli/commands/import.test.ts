import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importCommand } from "../../../src/cli/commands/import.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";
import { FIXTURES } from "../../helpers/temp-data.js";
import { removeScratch, runFolder, scratch } from "../../run/run-helpers.js";
import { nemoMetricsRun } from "../../import/nemo-metrics-run.js";

afterAll(removeScratch);

describe("evalsim import", () => {
  it("prints the run, a count of disagreements, each disagreement with both reasons, and what matched nothing", async () => {
    const src = nemoMetricsRun("import-cmd-src", { tau2_retail__0: true, tau2_retail__9999: false });
    const out = scratch("import-cmd-out");
    const ctx = commandContext(FIXTURES);
    expect(await importCommand(["nemo", src, "--out", out, "--workers", "1"], ctx)).toBe(0);
    const text = ctx.io.stdout();
    expect(text.startsWith(`${runFolder(out)}\n`)).toBe(true);
    expect(text).toContain(`imported 1 scenario(s) from nemo ${src}: 1 disagree with evalsim's verdict\n`);
    expect(text).toMatch(/\n {2}disagrees: tau2_retail__0: nemo says passed, evalsim says failed \(evalsim: [^\n]+\)\n/);
    expect(text).toContain("\n  unmatched: tau2_retail__9999\n");
  }, 120_000);

  it("--json prints the run folder, the format and the counts", async () => {
    const src = nemoMetricsRun("import-cmd-src", { tau2_retail__0: false });
    const out = scratch("import-cmd-json");
    const ctx = commandContext(FIXTURES);
    expect(await importCommand(["nemo", src, "--out", out, "--json"], ctx)).toBe(0);
    const j = JSON.parse(ctx.io.stdout()) as Record<string, unknown>;
    expect(j).toMatchObject({ run_dir: runFolder(out), format: "nemo", disagreements: 0, unmatched: [] });
  }, 120_000);

  it("bad usage: no format, an unknown format, no path, two paths, no --out, a path with no run", async () => {
    const run = (argv: string[]): Promise<number> => importCommand(argv, commandContext(FIXTURES));
    await expect(run([])).rejects.toThrow(new UsageError("import expects a format (nemo, tau2, eva), got none"));
    await expect(run(["langsmith", "x"])).rejects.toThrow(new UsageError("import expects a format (nemo, tau2, eva), got 'langsmith'"));
    await expect(run(["nemo"])).rejects.toThrow(new UsageError("import expects one PATH after the format"));
    await expect(run(["nemo", "a", "b"])).rejects.toThrow(new UsageError("import expects one PATH after the format"));
    await expect(run(["nemo", "a"])).rejects.toThrow(new UsageError("import needs --out DIR"));
    const empty = scratch("import-cmd-empty");
    await expect(run(["nemo", empty, "--out", join(empty, "out")])).rejects.toThrow(new UsageError(`${empty}: no NeMo run here (expected eval_<timestamp>/<scenario>/metrics.json)`));
  });
});
