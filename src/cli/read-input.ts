/**
 * Reading a file named on the command line (`hash FILE`, `diff A B`,
 * `gold --verify-against FILE`): anything that is not a readable regular
 * file is one line naming the path and what is wrong, exit 2 — never a raw
 * read-error text, and never a hang on a named pipe; nor a file over the cap
 * of a document (`INPUT_CAPS.json`, raised by --max-input-mb), which would
 * otherwise be read whole into memory.
 */
import { readFileSync, statSync } from "node:fs";
import { describeFsProblem, isFsError } from "./errors.js";
import { UsageError } from "./io.js";
import { inputCap, tooLarge } from "../loaders/input-file.js";

/** `label` prefixes the path in messages (an option name such as `--verify-against`). */
export function readInputFile(path: string, label?: string): string {
  const name = label === undefined ? path : `${label} ${path}`;
  const fail = (e: unknown): never => {
    if (isFsError(e)) throw new UsageError(`${name}: ${describeFsProblem(e)}`);
    throw e;
  };
  let isFile = false;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UsageError(`${name}: is a folder, not a file; give the path of a file`);
    isFile = st.isFile();
    if (isFile && st.size > inputCap("json")) throw new UsageError(`${name}: ${tooLarge(st.size, inputCap("json"))}`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    fail(e);
  }
  if (!isFile) throw new UsageError(`${name}: is not a regular file (a named pipe, socket or device); give the path of a file`);
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    return fail(e);
  }
}
