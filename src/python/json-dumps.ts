/**
 * Python's `json.dumps(value)` / `json.dumps(value, indent=n)` with default
 * settings: keys in insertion order (json/py-key-order.ts), `", "`/`": "` separators (`","` before a
 * newline when indenting), `ensure_ascii`, Python float repr, bare `NaN` and
 * `Infinity`. This is the text the reference puts in front of a model (tool
 * results in the chat context, JSON blocks in the judge's input).
 *
 * A number prints as a float when Python holds a float there (see
 * json/py-float.ts): `25.0` stays `25.0`, `1e18` prints `1e+18`.
 */
import { isFloatAt } from "../json/py-float.js";
import { pyKeys } from "../json/py-key-order.js";
import { pyFloatRepr, pyIntStr } from "./float.js";
import { pyJsonString, pyJsonStringUnicode } from "../json/py-string.js";
import type { JsonValue } from "../json/types.js";

function scalar(v: JsonValue, float: boolean, str: (s: string) => string): string | undefined {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "bigint":
      return v.toString();
    case "number":
      return float || !Number.isInteger(v) ? pyFloatRepr(v) : pyIntStr(v);
    case "string":
      return str(v);
    default:
      return undefined;
  }
}

/** `ensureAscii`: Python's `ensure_ascii` (default true; pipecat writes tool results with false). */
export function pyJsonDumps(value: JsonValue, indent?: number, ensureAscii = true): string {
  const str = ensureAscii ? pyJsonString : pyJsonStringUnicode;
  const walk = (v: JsonValue, depth: number, float: boolean): string => {
    const s = scalar(v, float, str);
    if (s !== undefined) return s;
    const container = v as object;
    const entries: [string | undefined, JsonValue, boolean][] = Array.isArray(v)
      ? v.map((x, i): [undefined, JsonValue, boolean] => [undefined, x, isFloatAt(container, i)])
      : pyKeys(container).flatMap((k): [string, JsonValue, boolean][] => {
          const x = (v as Record<string, JsonValue | undefined>)[k];
          return x === undefined ? [] : [[k, x, isFloatAt(container, k)]];
        });
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) return open + close;
    const items = entries.map(([k, x, f]) => (k === undefined ? "" : `${str(k)}: `) + walk(x, depth + 1, f));
    if (indent === undefined) return open + items.join(", ") + close;
    const pad = (d: number): string => "\n" + " ".repeat(indent * d);
    return open + pad(depth + 1) + items.join("," + pad(depth + 1)) + pad(depth) + close;
  };
  return walk(value, 0, false);
}
