/**
 * Python's `float()` and `int()` on the values JSON can hold, messages
 * included (CPython 3.11).
 *
 * Both first map every non-ASCII whitespace character to a space and every
 * non-ASCII decimal digit (`\p{Nd}`) to its ASCII digit, then strip ASCII
 * whitespace only. That is why `float("1.5\x85")` is `1.5` (U+0085 is
 * whitespace) while `float("1.5\x1f")` fails (U+001F is whitespace to
 * `str.isspace()` but ASCII, so it is kept) and `float("1.5\ufeff")` fails
 * (U+FEFF is not whitespace to Python, unlike JavaScript's `trim`).
 */
import type { JsonValue } from "../json/types.js";
import { PyError } from "./error.js";
import { isPySpace } from "./strip.js";
import { pyStrRepr, pyTypeName } from "./text.js";
import { assignedAfterUnicode14 } from "./unicode-14.js";

const ASCII_SPACE = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g;
const ND = /\p{Nd}/u;
const isDecimal = (cp: number): boolean => ND.test(String.fromCodePoint(cp)) && !assignedAfterUnicode14(cp);

/** The value 0-9 of a decimal digit: its offset in its run of `Nd` code points (runs start at a zero). */
function digitValue(cp: number): number {
  let start = cp;
  while (start > 0 && isDecimal(start - 1)) start--;
  return (cp - start) % 10;
}

/** `_PyUnicode_TransformDecimalAndSpaceToASCII` then ASCII strip; undefined if a character cannot be mapped. */
function asciiNumberText(s: string): string | undefined {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) out += ch;
    else if (isPySpace(cp)) out += " ";
    else if (isDecimal(cp)) out += String(digitValue(cp));
    else return undefined;
  }
  return out.replace(ASCII_SPACE, "");
}

const UDIGITS = String.raw`\d(?:_?\d)*`;
const FLOAT_GRAMMAR = new RegExp(String.raw`^[+-]?(?:(?:${UDIGITS}(?:\.(?:${UDIGITS})?)?|\.${UDIGITS})(?:[eE][+-]?${UDIGITS})?)$`);
const FLOAT_SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
const INT_GRAMMAR = /^[+-]?\d(?:_?\d)*$/;

/** `float(s)` for a string, or undefined where Python raises ValueError. */
export function parsePyFloat(s: string): number | undefined {
  const t = asciiNumberText(s);
  if (t === undefined) return undefined;
  const special = FLOAT_SPECIAL.exec(t);
  if (special) {
    if ((special[2] as string).toLowerCase() === "nan") return NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  return FLOAT_GRAMMAR.test(t) ? Number(t.replaceAll("_", "")) : undefined;
}

/** `int(s)` (base 10) for a string, or undefined where Python raises ValueError. */
export function parsePyInt(s: string): bigint | undefined {
  const t = asciiNumberText(s);
  if (t === undefined || !INT_GRAMMAR.test(t)) return undefined;
  return BigInt(t.replaceAll("_", ""));
}

const MAX_DOUBLE_INT = 2n ** 1024n - 2n ** 970n;

/** `float(v)`, raising the ValueError / TypeError / OverflowError Python raises. */
export function pyFloat(v: JsonValue | undefined): number {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") {
    // Python rounds to nearest and overflows only past what would round to 2^1024.
    if (v >= MAX_DOUBLE_INT || v <= -MAX_DOUBLE_INT) throw new PyError("OverflowError", "int too large to convert to float");
    return Number(v);
  }
  if (typeof v === "string") {
    const x = parsePyFloat(v);
    if (x === undefined) throw new PyError("ValueError", `could not convert string to float: ${pyStrRepr(v)}`);
    return x;
  }
  throw new PyError("TypeError", `float() argument must be a string or a real number, not '${pyTypeName(v)}'`);
}

/** `int(v)`: numbers truncate toward zero; the result is a number when it is a safe integer, else a bigint. */
export function pyInt(v: JsonValue | undefined): number | bigint {
  let big: bigint;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "bigint") big = v;
  else if (typeof v === "number") {
    if (Number.isNaN(v)) throw new PyError("ValueError", "cannot convert float NaN to integer");
    if (!Number.isFinite(v)) throw new PyError("OverflowError", "cannot convert float infinity to integer");
    big = BigInt(Math.trunc(v));
  } else if (typeof v === "string") {
    const parsed = parsePyInt(v);
    if (parsed === undefined) throw new PyError("ValueError", `invalid literal for int() with base 10: ${pyStrRepr(v)}`);
    big = parsed;
  } else {
    throw new PyError("TypeError", `int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(v)}'`);
  }
  const n = Number(big);
  return Number.isSafeInteger(n) ? n : big;
}

/** `float(v)` as a value: undefined where Python raises (and for containers). */
export function pyFloatOrUndefined(v: JsonValue): number | undefined {
  if (v === null || typeof v === "object") return undefined;
  try {
    return pyFloat(v);
  } catch (e) {
    if (e instanceof PyError) return undefined;
    throw e;
  }
}

/**
 * The value of `v` when `isinstance(v, int)` holds (a bool is an int there),
 * else undefined. Integral numbers count as ints: float marks are not read,
 * as callers read counts evalsim itself wrote as ints.
 */
export function pyIntInstance(v: unknown): number | undefined {
  if (typeof v === "boolean") return v ? 1 : 0;
  return typeof v === "number" && Number.isInteger(v) ? v : undefined;
}

/** `int(v)` as a number, or undefined where Python raises (a verdict index the judge wrote). */
export function pyIntOrUndefined(v: JsonValue | undefined): number | undefined {
  if (v === undefined) return undefined;
  try {
    return Number(pyInt(v));
  } catch (e) {
    if (e instanceof PyError) return undefined;
    throw e;
  }
}
