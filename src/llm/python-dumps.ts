/**
 * Python's `json.dumps(value)` / `json.dumps(value, indent=n)` with default
 * settings: keys in insertion order, `", "`/`": "` separators (`","` before a
 * newline when indenting), `ensure_ascii`, Python float repr, bare `NaN` and
 * `Infinity`. This is the text the reference puts in front of a model (tool
 * results in the chat context, JSON blocks in the judge's input).
 *
 * JavaScript does not tell 4.0 from 4: integral floats print as ints.
 */
import { integralToString, pythonFloatRepr } from "../json/python-float.js";
import { pythonJsonString } from "../json/python-string.js";
import type { JsonValue } from "../json/types.js";

function scalar(v: JsonValue): string | undefined {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "bigint":
      return v.toString();
    case "number":
      return Number.isInteger(v) ? integralToString(v) : pythonFloatRepr(v);
    case "string":
      return pythonJsonString(v);
    default:
      return undefined;
  }
}

export function pythonJsonDumps(value: JsonValue, indent?: number): string {
  const walk = (v: JsonValue, depth: number): string => {
    const s = scalar(v);
    if (s !== undefined) return s;
    const entries: [string | undefined, JsonValue][] = Array.isArray(v)
      ? v.map((x): [undefined, JsonValue] => [undefined, x])
      : Object.entries(v as Record<string, JsonValue | undefined>).flatMap(([k, x]): [string, JsonValue][] => (x === undefined ? [] : [[k, x]]));
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) return open + close;
    const items = entries.map(([k, x]) => (k === undefined ? "" : `${pythonJsonString(k)}: `) + walk(x, depth + 1));
    if (indent === undefined) return open + items.join(", ") + close;
    const pad = (d: number): string => "\n" + " ".repeat(indent * d);
    return open + pad(depth + 1) + items.join("," + pad(depth + 1)) + pad(depth) + close;
  };
  return walk(value, 0);
}
