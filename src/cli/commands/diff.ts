import { escapeControls } from "../../json/control-chars.js";
import { parsePythonJson } from "../../json/parse.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import { computeDbDiff } from "../../scoring/diff.js";
import { dbHash } from "../../hash/db/index.js";
import { parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { readInputFile } from "../read-input.js";
import { formatDiff } from "../format-diff.js";
import { toJsonText } from "../../json/stringify.js";

export const DIFF_HELP = `evalsim diff EXPECTED ACTUAL [--json]
  Compare two DB JSON files: hashes, then the reference's structured diff.
  Exit 0 when the hashes match, 1 when they differ, 2 on bad input.`;

function readDb(file: string): JsonObject {
  const text = readInputFile(file);
  let value: JsonValue;
  try {
    value = parsePythonJson(text);
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
  if (!isJsonObject(value)) throw new UsageError(`${file}: expected a JSON object (a DB), found ${Array.isArray(value) ? "an array" : typeof value}`);
  return value;
}

export function diffCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io } = ctx;
  const { positionals, values } = parse(argv, { json: { type: "boolean" } });
  if (positionals.length !== 2) throw new UsageError("diff needs exactly two files: EXPECTED ACTUAL");
  const [expectedFile, actualFile] = positionals as [string, string];
  const expected = readDb(expectedFile);
  const actual = readDb(actualFile);
  const expectedHash = dbHash(expected);
  const actualHash = dbHash(actual);
  const match = expectedHash === actualHash;
  const diff = computeDbDiff(expected, actual);
  if (values.json) {
    io.out(toJsonText({ expected_hash: expectedHash, actual_hash: actualHash, match, diff: diff as unknown as JsonValue }, 2) + "\n");
  } else {
    io.out(`expected ${expectedHash}  ${expectedFile}\nactual   ${actualHash}  ${actualFile}\n`);
    io.out(match ? "hashes match\n" : "hashes differ\n");
    // Keys and values come from the files compared: shown, never obeyed by the terminal.
    io.out(escapeControls(formatDiff(diff)));
  }
  return match ? EXIT.ok : EXIT.failed;
}

export const command: Command = {
  name: "diff",
  summary: "hashes and the structured diff of two DB JSON files",
  help: DIFF_HELP,
  run: diffCommand,
};
