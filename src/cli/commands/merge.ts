import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { escapeControls } from "../../json/control-chars.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { SUMMARY_TEXT_FILE } from "../../run/layout.js";
import { mergeCassettes } from "../../run/merge/cassettes.js";
import { MergeError, MergeIncompleteError, mergeRuns, MergeStoppedError } from "../../run/merge/folders.js";
import { RunLockedError } from "../../run/folder/lock.js";
import { COMMON, parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { outputsLine } from "../results-output.js";
import { shellWord } from "./run-shared.js";

export const MERGE_HELP = `evalsim merge DIR... --out DIR [--allow-partial] [--cassettes C --cassettes C ... --cassettes-out DIR] [--json]
  Combine run folders made with the same options (typically the --shard i/n runs of one
  job) into --out, a folder equal to what one full run writes: scenario folders are
  copied, then run_config.json, all_metrics.json, summary.json and all_summary.txt are
  written. Refuses inputs with different options or a scenario present twice with
  different content (exit 2). A shard none of the inputs is, a scenario none has, or a
  scenario folder that is not complete (named) fails the merge with exit 1 and nothing
  written, unless --allow-partial merges what is there. A merge that was interrupted can
  be run again into its own --out; Ctrl-C / SIGTERM stop it between two scenario folders,
  print that command and exit 130 / 143. --cassettes C (repeatable) --cassettes-out DIR merges
  the shards' cassette folders too (each entry checked; the same key with different
  content is refused). Exit 1 if any scenario failed or errored.`;

export async function mergeCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io, registry } = ctx;
  const { values, positionals } = parse(argv, {
    ...COMMON,
    out: { type: "string" },
    "allow-partial": { type: "boolean" },
    cassettes: { type: "string", multiple: true },
    "cassettes-out": { type: "string" },
  });
  const outArg = values["out"] as string | undefined;
  const cassettes = (values["cassettes"] as string[] | undefined) ?? [];
  const cassettesOut = values["cassettes-out"] as string | undefined;
  if ((cassettes.length > 0) !== (cassettesOut !== undefined)) throw new UsageError("--cassettes C and --cassettes-out DIR go together");
  if (positionals.length > 0 && !outArg) throw new UsageError("merge needs --out DIR");
  if (positionals.length === 0 && cassettes.length === 0) throw new UsageError("merge needs at least one run folder (or --cassettes ... --cassettes-out DIR)");
  try {
    if (cassettesOut !== undefined) {
      const n = mergeCassettes(cassettes.map((c) => resolve(c)), resolve(cassettesOut));
      if (!values["json"]) io.err(`${resolve(cassettesOut)}: ${n} cassette entries\n`);
    }
    if (positionals.length === 0) return EXIT.ok;
    const out = resolve(outArg as string);
    // A signal stops the merge between two scenario folders; the same command then finishes it.
    let signal: string | undefined;
    const onInt = (): void => void (signal ??= "SIGINT");
    const onTerm = (): void => void (signal ??= "SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    let report;
    try {
      report = await mergeRuns({
        registry,
        dataRoot: { flag: ctx.dataRoot, env: io.env["EVAL_DATA_ROOT"] },
        inputs: positionals.map((d) => resolve(d)),
        out,
        allowPartial: values["allow-partial"] === true,
        warn: (m) => io.err(escapeControls(`warning: ${m}\n`)),
        stopRequested: () => signal,
      });
    } catch (e) {
      if (!(e instanceof MergeStoppedError)) throw e;
      io.err(`evalsim merge: ${e.message}; ${out} is an unfinished merge. Finish it with the same command:\n  evalsim merge ${argv.map(shellWord).join(" ")}\n`);
      return e.signal === "SIGINT" ? EXIT.interrupted : EXIT.terminated;
    } finally {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
    }
    if (values["json"]) io.out(toJsonText({ ...report, run_dir: out } as unknown as JsonValue, 2) + "\n");
    else io.out(`${out}\n${readFileSync(join(out, SUMMARY_TEXT_FILE), "utf8")}${outputsLine(out)}`);
    return report.totals.failed + report.totals.errored > 0 ? EXIT.failed : EXIT.ok;
  } catch (e) {
    if (e instanceof MergeIncompleteError) {
      io.err(`evalsim merge: ${e.message}\n`);
      return EXIT.failed;
    }
    if (e instanceof MergeError || e instanceof RunLockedError) throw new UsageError(e.message);
    throw e;
  }
}

export const command: Command = {
  name: "merge",
  summary: "combine the folders of --shard i/n runs into the tree one full run writes",
  help: MERGE_HELP,
  run: mergeCommand,
};
