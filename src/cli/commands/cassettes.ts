import { statSync } from "node:fs";
import { escapeControls } from "../../json/control-chars.js";
import { verifyCassetteDir } from "../../llm/cassette-verify.js";
import { parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

const HELP = `evalsim cassettes verify DIR
  Check every entry of a cassette folder (--cassettes DIR of a run): each
  <2 hex>/<key>.json must be whole and unedited (its digest of request and
  response matches, its request hashes to its key). Prints one line per bad
  entry and exits 1 if there is any; 0 when all are sound.`;

function verify(dir: string, ctx: CommandContext): number {
  try {
    if (!statSync(dir).isDirectory()) throw new UsageError(`${dir}: not a folder (expected a cassette folder)`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${dir}: cannot read the cassette folder (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const report = verifyCassetteDir(dir);
  for (const p of report.problems) ctx.io.out(escapeControls(`${p.path}: ${p.problem}\n`));
  const bad = report.problems.length;
  ctx.io.out(`${report.entries} entr${report.entries === 1 ? "y" : "ies"} checked in ${dir}: ${bad === 0 ? "all sound" : `${bad} problem${bad === 1 ? "" : "s"}`}\n`);
  return bad === 0 ? EXIT.ok : EXIT.failed;
}

function cassettesCommand(argv: readonly string[], ctx: CommandContext): number {
  const { positionals } = parse(argv, {});
  const [sub, dir, ...rest] = positionals;
  if (sub !== "verify") throw new UsageError(sub === undefined ? "cassettes needs a subcommand: verify DIR" : `unknown cassettes subcommand '${sub}' (expected: verify DIR)`);
  if (dir === undefined) throw new UsageError("cassettes verify needs the cassette folder: evalsim cassettes verify DIR");
  if (rest.length > 0) throw new UsageError(`cassettes verify takes one folder, got also '${rest[0] ?? ""}'`);
  return verify(dir, ctx);
}

export const command: Command = {
  name: "cassettes",
  summary: "check a folder of recorded LLM exchanges (cassettes verify DIR)",
  help: HELP,
  run: cassettesCommand,
};
