/**
 * Compact JSON text that keeps what Python held: a float prints as Python's
 * `repr` (`260.0` stays `260.0`, `1e-05`), an int as its digits, keys in
 * Python's order (py-key-order.ts). Read back with `parsePythonJson`, the
 * value is the same Python value, float marks included, so text derived from
 * it (`json.dumps` of a tool result) is byte-identical to the text derived
 * from the original.
 *
 * Everything else is spelled as `toJsonText` spells it (no spaces, strings
 * with JSON.stringify's escapes, `NaN`/`Infinity` bare), so a value without
 * floats reads exactly as `toJsonText` writes it.
 */
import { pyFloatRepr, pyIntStr } from "./float.js";
import { walkedJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";

function numberText(v: number, float: boolean): string {
  if (!Number.isFinite(v)) return pyFloatRepr(v);
  return float || !Number.isInteger(v) ? pyFloatRepr(v) : pyIntStr(v);
}

/**
 * `value` as JSON in Python's spelling, compact unless `indent` is given.
 * `float`: the value itself is a Python float (a bare number has no container
 * to carry its mark).
 */
export function pySpelledJsonText(value: JsonValue, float = false, indent = 0): string {
  return walkedJsonText(value, indent, numberText, float);
}
