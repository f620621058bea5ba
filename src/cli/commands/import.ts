import { resolve } from "node:path";
import { importRun } from "../../import/import-run.js";
import type { ImportFormat } from "../../import/types.js";
import { IMPORT_FORMATS, ImportError } from "../../import/types.js";
import { escapeControls } from "../../json/control-chars.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { COMMON, LIMITS, parse, parseIntFlag } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { outputsLine } from "../results-output.js";
import { runErrorsAsUsage, summaryText } from "./run-shared.js";

export const IMPORT_HELP = `evalsim import nemo|tau2|eva PATH --out DIR [--workers N] [--json]
  Turn another harness's run into an evalsim run folder (<out>/eval_<timestamp>/):
  nemo PATH is a NeMo eval_<timestamp>/ folder, tau2 PATH a tau2 run's results JSON
  (or its folder holding results.json), eva PATH a records folder (or one record). Each scenario is matched by name (tau2
  task ids and eva record ids by the scenario's upstream id) and re-graded by evalsim:
  its recorded tool calls are replayed on the scenario's initial state and scored
  like a native run. Each metrics.json keeps the source's verdict and hash beside
  evalsim's (imported.source_verdict, imported.source_hash, imported.agrees), and
  imported.json counts the disagreements and lists the unmatched scenarios; each
  disagreement is printed. compare, report, --junit and --markdown read the folder
  like any run. A path with no recognisable run, or one whose recordings name no
  scenario evalsim knows, is one line and exit 2 with nothing written.`;

const IMPORT_OPTIONS = { ...COMMON, out: { type: "string" }, workers: { type: "string" } } as const;

const verdictText = (v: boolean | "N/A" | null): string => (v === null ? "no verdict" : v === "N/A" ? "N/A" : v ? "passed" : "failed");

export async function importCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io, registry } = ctx;
  const { values, positionals } = parse(argv, IMPORT_OPTIONS);
  const [format, path, ...extra] = positionals;
  if (format === undefined || !(IMPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`import expects a format (${IMPORT_FORMATS.join(", ")}), got ${format === undefined ? "none" : `'${format}'`}`);
  if (path === undefined || extra.length > 0) throw new UsageError("import expects one PATH after the format");
  const out = values["out"] as string | undefined;
  if (!out) throw new UsageError("import needs --out DIR");
  let result;
  try {
    result = await runErrorsAsUsage(() =>
      importRun({
        registry,
        dataRoot: { flag: ctx.dataRoot, env: io.env["EVAL_DATA_ROOT"] },
        format: format as ImportFormat,
        path,
        out: resolve(out),
        now: () => io.now(),
        workers: parseIntFlag(values["workers"] as string | undefined, "--workers", 1, LIMITS.workers),
      }),
    );
  } catch (e) {
    if (e instanceof ImportError) throw new UsageError(e.message);
    throw e;
  }
  const { runDir, scenarios, disagreements, unmatched } = result;
  if (values["json"]) {
    io.out(toJsonText({ run_dir: runDir, format, scenarios, disagreements: disagreements.length, unmatched } as unknown as JsonValue, 2) + "\n");
    return EXIT.ok;
  }
  // Names and reasons come from the source's files: shown, never obeyed by the terminal.
  const print = (text: string): void => io.out(escapeControls(text));
  print(`${runDir}\n${summaryText(runDir)}`);
  print(`imported ${scenarios.length} scenario(s) from ${format} ${path}: ${disagreements.length} disagree with evalsim's verdict\n`);
  for (const d of disagreements) {
    const why = [d.source_reason && `${format}: ${d.source_reason}`, d.evalsim_reason && `evalsim: ${d.evalsim_reason}`].filter(Boolean).join("; ");
    print(`  disagrees: ${d.scenario}: ${format} says ${verdictText(d.source_verdict)}, evalsim says ${verdictText(d.evalsim_verdict)}${why ? ` (${why})` : ""}\n`);
  }
  for (const u of unmatched) print(`  unmatched: ${u}\n`);
  print(outputsLine(runDir));
  return EXIT.ok;
}

export const command: Command = {
  name: "import",
  summary: "turn a NeMo, tau2 or eva run into an evalsim run folder, re-graded",
  help: IMPORT_HELP,
  run: importCommand,
};
