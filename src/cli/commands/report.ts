import { resolve } from "node:path";
import { compareRuns } from "../../compare/compare.js";
import { CompareError } from "../../compare/comparable.js";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { buildReport } from "../../report/build.js";
import { readRunFolder, RunFolderError } from "../../results/read-run.js";
import { REPORT_FILE } from "../../run/layout.js";
import { parse, parseIntFlag } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

export const REPORT_HELP = `evalsim report RUN [--compare BASE] [--seed S] [--out FILE]
  Write one self-contained HTML file (default RUN/report.html) from a run folder (or a folder
  holding one, such as a run's --out): per-domain
  overview, the scenarios that did not pass with their reasons, a filterable scenario list and
  a page per scenario trial (conversation with tool calls and results, sync events, each
  signal's verdict and evidence: DB diff, predicates, reference vs performed actions; prompts
  and tools folded). It opens from disk: no server, nothing loaded from the network. With
  --compare BASE the regressions against that run come first (--seed seeds its intervals).`;

export function reportCommand(argv: readonly string[], { io }: CommandContext): number {
  const { values, positionals } = parse(argv, { compare: { type: "string" }, out: { type: "string" }, seed: { type: "string" } });
  if (positionals.length !== 1) throw new UsageError(`report needs one run folder (got ${positionals.length})`);
  const seed = parseIntFlag(values["seed"] as string | undefined, "--seed", 0) ?? 0;
  const dir = resolve(positionals[0] as string);
  let html: string;
  let runDir = dir;
  try {
    const run = readRunFolder(dir);
    runDir = run.dir;
    const base = values["compare"] as string | undefined;
    html = buildReport(run, base === undefined ? {} : { comparison: compareRuns(readRunFolder(resolve(base)), run, { seed }) });
  } catch (e) {
    if (e instanceof RunFolderError || e instanceof CompareError) throw new UsageError(e.message);
    throw e;
  }
  const out = resolve((values["out"] as string | undefined) ?? resolve(runDir, REPORT_FILE));
  writeFileAtomic(out, html);
  io.out(`${out} (${Buffer.byteLength(html)} bytes)\n`);
  return EXIT.ok;
}

export const command: Command = {
  name: "report",
  summary: "write a self-contained HTML report of a run folder (optionally against a base run)",
  help: REPORT_HELP,
  run: reportCommand,
};
