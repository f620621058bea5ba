/**
 * Python's text forms of JSON values, as the tools interpolate them into
 * f-strings and as pydantic prints them in validation messages.
 *
 * JavaScript numbers do not remember whether they were ints or floats: inside
 * a container a number prints as a float where Python holds one (see
 * json/py-float.ts); a bare integral number prints as an int, and fields the
 * reference types as `float` go through `pyFloatStr` instead.
 */
import { isFloatAt } from "../json/py-float.js";
import { pyKeys } from "../json/py-key-order.js";
import { pyFloatStr, pyIntStr } from "./float.js";
import { assignedAfterUnicode14 } from "./unicode-14.js";

// Characters `str.isprintable()` rejects (other than the ASCII escapes below).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function escapeCodePoint(cp: number): string {
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, "0")}`;
  return `\\U${cp.toString(16).padStart(8, "0")}`;
}

/** `repr(str)`: single quotes unless the text has `'` and no `"`. */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += escapeCodePoint(cp);
    else if (cp >= 0x80 && (NON_PRINTABLE.test(ch) || assignedAfterUnicode14(cp))) out += escapeCodePoint(cp);
    else out += ch;
  }
  return out + quote;
}

function numberRepr(x: number): string {
  if (Number.isInteger(x) && !Object.is(x, -0)) return pyIntStr(x);
  return pyFloatStr(x);
}

/** `repr(v)` for a value decoded from JSON. */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "number") return numberRepr(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return pyStrRepr(v);
  if (Array.isArray(v)) return `[${v.map((_, i) => pyReprAt(v, i)).join(", ")}]`;
  if (typeof v === "object") {
    const items = pyKeys(v).map((k) => `${pyStrRepr(k)}: ${pyReprAt(v, k)}`);
    return `{${items.join(", ")}}`;
  }
  return String(v);
}

/** `repr(container[key])`, a float where Python holds one. */
export function pyReprAt(container: object, key: string | number): string {
  const v = (container as Record<string, unknown>)[String(key)];
  if (typeof v !== "number") return pyRepr(v);
  return isFloatAt(container, key) ? pyFloatStr(v) : pyIntStr(v);
}

/** `type(container[key]).__name__`. */
export function pyTypeNameAt(container: object, key: string | number): string {
  const v = (container as Record<string, unknown>)[String(key)];
  if (typeof v !== "number") return pyTypeName(v);
  return isFloatAt(container, key) ? "float" : "int";
}

/** `str(v)` (what an f-string interpolates): strings as they are, the rest as `repr`. */
export function pyStr(v: unknown): string {
  return typeof v === "string" ? v : pyRepr(v);
}

/** `type(v).__name__` for a value decoded from JSON. */
export function pyTypeName(v: unknown): string {
  if (v === null || v === undefined) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) && !Object.is(v, -0) ? "int" : "float";
  if (typeof v === "bigint") return "int";
  if (typeof v === "string") return "str";
  return Array.isArray(v) ? "list" : "dict";
}

/** `str()` of a value the reference's models type as `float` (`65.0`, not `65`); `None` stays `None`. */
export function pyFloatFieldStr(v: unknown): string {
  return typeof v === "number" ? pyFloatStr(v) : pyStr(v);
}
