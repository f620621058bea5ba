/**
 * Python's text forms of JSON values, for the places where the eva reference
 * interpolates a value into a message (`f"{x}"`). JavaScript numbers do not
 * remember int vs float, so integral numbers print as ints; fields typed
 * `float` by the reference go through `pyFloatStr`.
 */
import { integralToString, pythonFloatRepr } from "../../json/python-float.js";

// Characters `str.isprintable()` rejects, besides the ASCII controls handled first.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function escapeCodePoint(cp: number): string {
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, "0")}`;
  return `\\U${cp.toString(16).padStart(8, "0")}`;
}

/** `repr(str)`: single quotes unless the text has `'` and no `"`. */
export function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += escapeCodePoint(cp);
    else if (cp >= 0x80 && NON_PRINTABLE.test(ch)) out += escapeCodePoint(cp);
    else out += ch;
  }
  return out + quote;
}

/** `str(float)`: `12.0`, `1e+16`, `inf`, `nan`. */
export function pyFloatStr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  return pythonFloatRepr(x);
}

function reprNumber(x: number): string {
  return Number.isInteger(x) && !Object.is(x, -0) ? integralToString(x) : pyFloatStr(x);
}

function repr(v: unknown): string {
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "number") return reprNumber(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return reprString(v);
  if (Array.isArray(v)) return `[${v.map(repr).join(", ")}]`;
  const items = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${reprString(k)}: ${repr(x)}`);
  return `{${items.join(", ")}}`;
}

/** `str(v)` of a value decoded from JSON: strings as they are, the rest as `repr`. */
export function pyStr(v: unknown): string {
  return typeof v === "string" ? v : repr(v);
}
