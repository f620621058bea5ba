/** The merge of shards end to end is in test/run/shard-merge.test.ts, its stop on a signal in test/run/merge/. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeCommand } from "../../../src/cli/commands/merge.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";
import { evalsim, removeScratch, runFolder, scratch } from "../../run/run-helpers.js";

afterAll(removeScratch);

let run: string;
beforeAll(async () => {
  const out = scratch("merge-cmd");
  expect((await evalsim(["run", "--scenarios", "tau2_retail__0", "--out", out])).code).toBe(0);
  run = runFolder(out);
});

describe("evalsim merge", () => {
  it("merges one whole run into --out, prints the folder and its summary, and leaves no signal handler behind", async () => {
    const out = join(scratch("merge-cmd-out"), "merged");
    const before = [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
    const ctx = commandContext();
    expect(await mergeCommand([run, "--out", out], ctx)).toBe(0);
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual(before);
    expect(ctx.io.stdout().startsWith(`${out}\n${readFileSync(join(out, "all_summary.txt"), "utf8")}`)).toBe(true);
    expect(readFileSync(join(out, "tau2_retail__0", "metrics.json"), "utf8")).toBe(readFileSync(join(run, "tau2_retail__0", "metrics.json"), "utf8"));
  });

  it("--json prints the report with the output folder", async () => {
    const out = join(scratch("merge-cmd-json"), "merged");
    const ctx = commandContext();
    expect(await mergeCommand([run, "--out", out, "--json"], ctx)).toBe(0);
    const report = JSON.parse(ctx.io.stdout()) as { run_dir: string; totals: { failed: number; errored: number } };
    expect(report.run_dir).toBe(out);
    expect(report.totals).toMatchObject({ failed: 0, errored: 0 });
  });

  it("refuses an --out folder that is not empty, as bad usage", async () => {
    const out = scratch("merge-cmd-full");
    writeFileSync(join(out, "keep.txt"), "x");
    await expect(mergeCommand([run, "--out", out], commandContext())).rejects.toThrow(UsageError);
    expect(readFileSync(join(out, "keep.txt"), "utf8")).toBe("x");
  });

  it("bad usage: no --out, nothing to merge, --cassettes without --cassettes-out", async () => {
    await expect(mergeCommand([run], commandContext())).rejects.toThrow(new UsageError("merge needs --out DIR"));
    await expect(mergeCommand([], commandContext())).rejects.toThrow(new UsageError("merge needs at least one run folder (or --cassettes ... --cassettes-out DIR)"));
    await expect(mergeCommand([run, "--out", "x", "--cassettes", "c"], commandContext())).rejects.toThrow(new UsageError("--cassettes C and --cassettes-out DIR go together"));
    const c = scratch("merge-cmd-c");
    mkdirSync(join(c, "in"));
    await expect(mergeCommand(["--cassettes-out", join(c, "out")], commandContext())).rejects.toThrow(new UsageError("--cassettes C and --cassettes-out DIR go together"));
  });
});
