import { parsePythonJson } from "../json/parse.js";
import { readInputText } from "../loaders/input-file.js";
import { FixtureError } from "../loaders/load-db.js";
import type { JsonValue } from "../json/types.js";
import { ImportError } from "./types.js";

/** A JSON file of a source run, floats and key order kept; a bad one is an ImportError naming it. */
export function readSourceJson(file: string): JsonValue {
  try {
    return parsePythonJson(readInputText(file, "json"));
  } catch (e) {
    if (e instanceof FixtureError) throw new ImportError(e.message);
    throw new ImportError(`${file}: ${(e as Error).message}`);
  }
}
