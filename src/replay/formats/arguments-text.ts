import { parsePythonJson } from "../../json/parse.js";
import { isFloatDocument } from "../../json/py-float.js";
import type { JsonValue } from "../../json/types.js";
import { CallsFileError } from "./types.js";

/**
 * A call's argument text as `json.loads` reads it: `2.0` stays a float, keys
 * keep their order, so the replayed call sees what the recorded one saw.
 */
export function parseArgumentsText(text: string, where: string): { arguments: JsonValue; argumentsFloat?: true } {
  if (text.trim() === "") return { arguments: {} };
  let args: JsonValue;
  try {
    args = parsePythonJson(text);
  } catch (e) {
    throw new CallsFileError(`${where}.function.arguments: not valid JSON (${(e as Error).message}): ${text.slice(0, 80)}`);
  }
  return typeof args === "number" && isFloatDocument(text) ? { arguments: args, argumentsFloat: true } : { arguments: args };
}
