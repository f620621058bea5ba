import { readFileSync } from "node:fs";
import { parsePythonJson } from "../json/parse.js";
import type { JsonValue } from "../json/types.js";
import { ImportError } from "./types.js";

/** A JSON file of a source run, floats and key order kept; a bad one is an ImportError naming it. */
export function readSourceJson(file: string): JsonValue {
  try {
    return parsePythonJson(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ImportError(`${file}: ${(e as Error).message}`);
  }
}
