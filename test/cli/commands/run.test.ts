/** `evalsim run`'s own option handling and output; the run itself is tested under test/run/. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { command, runCommand } from "../../../src/cli/commands/run.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";
import { FIXTURES } from "../../helpers/temp-data.js";
import { removeScratch, runFolder, scratch } from "../../run/run-helpers.js";

afterAll(removeScratch);

describe("evalsim run", () => {
  it("--json prints the run report with its folder; exit 0 when every scenario passes", async () => {
    const out = scratch("run-cmd");
    const ctx = commandContext(FIXTURES);
    expect(await runCommand(["--scenarios", "tau2_retail__0", "--out", out, "--json"], ctx)).toBe(0);
    const r = JSON.parse(ctx.io.stdout()) as { run_dir: string; totals: Record<string, number> };
    expect(r.run_dir).toBe(runFolder(out));
    expect(r.totals).toMatchObject({ passed: 1, failed: 0, errored: 0 });
  });

  it("the text output starts with the run folder and its all_summary.txt; a failing scenario exits 1", async () => {
    const out = scratch("run-cmd-text");
    const ctx = commandContext(FIXTURES);
    // The do-nothing agent fails tau2_retail__0, whose expected DB needs writes.
    expect(await runCommand(["--scenarios", "tau2_retail__0", "--agent", "noop", "--out", out], ctx)).toBe(1);
    const run = runFolder(out);
    expect(ctx.io.stdout().startsWith(`${run}\n${readFileSync(join(run, "all_summary.txt"), "utf8")}`)).toBe(true);
  });

  it("bad usage is one line naming the option and what it expects", async () => {
    const cases: [string[], string][] = [
      [["--shard", "3/2"], "--shard expects i/n with 1 <= i <= n, or auto, got '3/2'"],
      [["--shard", "1/2", "--shard-count", "4"], "--shard-count and --shard-count-env are used only with --shard auto"],
      [["--gate", "clean_exit"], "--gate must be voice_readability or policy, got 'clean_exit'"],
      [["--agent", "human"], "--agent must be one of oracle, llm, replay, noop, got 'human'"],
      [["--user", "robot"], "--user must be one of scripted, llm, got 'robot'"],
      [["--time-budget", "0"], "--time-budget expects a number of seconds > 0, got '0'"],
      [["--time-budget", "1e3"], "--time-budget expects a number of seconds > 0, got '1e3'"],
      [["--resume", "somewhere", "--out", "elsewhere"], "--out is not used with --resume DIR (the run continues in DIR)"],
    ];
    for (const [argv, message] of cases) {
      await expect(runCommand(argv, commandContext(FIXTURES)), argv.join(" ")).rejects.toThrow(new UsageError(message));
    }
  });

  it("--resume of a folder that is not a run needs no plugin modules (the run reports the folder)", () => {
    expect(command.pluginModules?.(["--resume", join(scratch("run-cmd-none"), "absent")])).toEqual([]);
    expect(command.pluginModules?.(["--scenarios", "x"])).toEqual([]);
    expect(Object.keys(command.defaults?.options ?? {})).not.toContain("resume");
  });
});
