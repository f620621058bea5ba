import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { selectScenarios } from "../../engine/catalog.js";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { planJobs } from "../../run/jobs.js";
import { checkOutFolder, copyScenarios, MergeError, mergedConfig, planMerge, readRunConfig } from "../../run/merge.js";
import { RUN_CONFIG_FILE } from "../../run/layout.js";
import { collectMetrics, writeRunFiles } from "../../run/run-files.js";
import { COMMON, parse } from "../args.js";
import { catalogFor } from "../context.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

export const MERGE_HELP = `evalsim merge DIR... --out DIR [--json]
  Combine run folders made with the same options (typically the --shard i/n runs of one
  job) into --out, a new folder equal to what one full run writes: scenario folders are
  copied, then run_config.json, all_metrics.json, summary.json and all_summary.txt are
  written. Refuses inputs with different options or a scenario present twice with
  different content; warns about scenarios no input has. Exit 1 if any scenario failed
  or errored.`;

/** The selection a run was made with, as its run_config.json records it. */
function selectionOf(config: JsonObject): { domain: string | undefined; scenarios: string[] | undefined; trials: number } {
  const { domain, scenarios, trials } = config;
  const names = Array.isArray(scenarios) && scenarios.every((s) => typeof s === "string") ? scenarios : undefined;
  if ((domain !== null && typeof domain !== "string") || (scenarios !== null && !names) || typeof trials !== "number" || !Number.isInteger(trials) || trials < 1) {
    throw new MergeError(`${RUN_CONFIG_FILE}: expected domain, scenarios and trials as evalsim run writes them`);
  }
  return { domain: domain ?? undefined, scenarios: names, trials };
}

export function mergeCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values, positionals } = parse(argv, { ...COMMON, out: { type: "string" } });
  const outArg = values["out"] as string | undefined;
  if (!outArg) throw new UsageError("merge needs --out DIR");
  if (positionals.length === 0) throw new UsageError("merge needs at least one run folder");
  const dirs = positionals.map((d) => resolve(d));
  const out = resolve(outArg);
  try {
    checkOutFolder(out);
    const config = mergedConfig(dirs, dirs.map(readRunConfig));
    const { domain, scenarios, trials } = selectionOf(config);
    const catalog = catalogFor(registry, io, ctx.dataRoot, { domain, scenarios });
    const jobs = planJobs(selectScenarios(catalog, { domain, scenarios }), trials);
    const plan = planMerge(dirs, jobs, trials);
    if (plan.conflicts.length > 0) throw new MergeError(`scenario folders differ between inputs:\n  ${plan.conflicts.join("\n  ")}`);
    for (const p of plan.ignored) io.err(`warning: ${p} is not a scenario of this run; not copied\n`);
    if (plan.missing.length > 0) io.err(`warning: ${plan.missing.length} of ${jobs.length} scenario(s) are in none of the inputs: ${plan.missing.join(", ")}\n`);
    mkdirSync(out, { recursive: true });
    copyScenarios(plan, jobs, trials, out);
    writeFileAtomic(join(out, RUN_CONFIG_FILE), toJsonText(config, 2) + "\n");
    const report = writeRunFiles(out, collectMetrics(out, jobs, trials), trials);
    if (values["json"]) io.out(toJsonText(report as unknown as JsonValue, 2) + "\n");
    else io.out(`${out}\n${readFileSync(join(out, "all_summary.txt"), "utf8")}`);
    return report.totals.failed + report.totals.errored > 0 ? EXIT.failed : EXIT.ok;
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(e.message);
    throw e;
  }
}

export const command: Command = {
  name: "merge",
  summary: "combine the folders of --shard i/n runs into the tree one full run writes",
  help: MERGE_HELP,
  run: mergeCommand,
};
