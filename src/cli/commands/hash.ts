import { parsePythonJson } from "../../json/parse.js";
import { dbHash } from "../../hash/db/index.js";
import { parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { readInputFile } from "../read-input.js";

export const HASH_HELP = `evalsim hash [FILE...|-]
  Print the canonical DB hash (Python get_dict_hash) of each JSON document,
  one '<hex>  <file>' line per file, like sha256sum. '-' or no file reads stdin.`;

export function hashCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io } = ctx;
  const { positionals } = parse(argv, {});
  const files = positionals.length > 0 ? positionals : ["-"];
  for (const file of files) {
    const text = file === "-" ? io.readStdin() : readInputFile(file);
    let value;
    try {
      value = parsePythonJson(text);
    } catch (e) {
      throw new UsageError(`${file}: invalid JSON: ${(e as Error).message}`);
    }
    io.out(`${dbHash(value)}  ${file}\n`);
  }
  return EXIT.ok;
}

export const command: Command = {
  name: "hash",
  summary: "canonical DB hash of each JSON document, like sha256sum",
  help: HASH_HELP,
  run: hashCommand,
};
