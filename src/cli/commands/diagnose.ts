import { resolve } from "node:path";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { failureKindsText } from "../../diagnosis/tally.js";
import { diagnoseRun } from "../../results/diagnose-run.js";
import { readRunFolder, RunFolderError } from "../../results/read-run.js";
import { nameRows } from "../../results/name-lines.js";
import { parse } from "../args.js";
import { catalogFor } from "../context.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

export const DIAGNOSE_HELP = `evalsim diagnose RUN [--json]
  Re-derive the diagnosis of every failed trial of a run folder (or a folder holding one), imported
  runs (NeMo, tau2, eva) included: the decisive step, found by replaying the trial's calls up to each
  write and completing them with the gold writes still missing (docs/diagnosis.md). Prints one line a
  failed trial (the reason line, the diagnosis leading) and the failures by kind and by tool; --json
  prints {run, trials: [{scenario, trial, diagnosis, reason}], failure_kinds, skipped}. Reads the run
  folder only; writes nothing.`;

export function diagnoseCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values, positionals } = parse(argv, { json: { type: "boolean" } });
  if (positionals.length !== 1) throw new UsageError(`diagnose needs one run folder (got ${positionals.length})`);
  let run: ReturnType<typeof readRunFolder>;
  try {
    run = readRunFolder(resolve(positionals[0] as string));
  } catch (e) {
    if (e instanceof RunFolderError) throw new UsageError(e.message);
    throw e;
  }
  const result = diagnoseRun(run, catalogFor(registry, io, ctx.dataRoot, {}));
  if (values["json"]) {
    io.out(toJsonText({ run: result.dir, trials: result.trials, failure_kinds: result.failure_kinds, skipped: result.skipped } as unknown as JsonValue, 2) + "\n");
    return EXIT.ok;
  }
  const multi = run.records.some((r) => r.trial > 1);
  const rows = result.trials.map((t) => ({ prefix: "  ", name: multi ? `${t.scenario} [trial ${t.trial}]` : t.scenario, text: t.reason }));
  const lines = [`${result.trials.length} failed trial(s) diagnosed in ${result.dir}`, ...nameRows(rows, { columns: io.outColumns })];
  if (result.trials.length > 0) lines.push("", `Failures by kind: ${failureKindsText(result.failure_kinds)}`);
  for (const s of result.skipped) lines.push(`not diagnosed: ${s}`);
  io.out(lines.join("\n") + "\n");
  return EXIT.ok;
}

export const command: Command = {
  name: "diagnose",
  summary: "the decisive step of every failed trial of a run folder, by counterfactual replay",
  help: DIAGNOSE_HELP,
  run: diagnoseCommand,
};
