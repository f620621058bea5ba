/**
 * The JSON text of a tool call's arguments, as a model sends it. Both engines
 * parse this text themselves, so number literals a JavaScript value cannot
 * hold (`25.0`, `1e18`, integers past 2^53) are written as raw tokens.
 */
import { pyFloatRepr } from "../../python/float.js";
import type { JsonValue } from "../../json/types.js";

/** A literal to write verbatim where a value would go (a number text, usually). */
export interface RawToken {
  readonly raw: string;
}

export type ArgValue = JsonValue | RawToken | ArgObject | readonly ArgValue[];
export interface ArgObject {
  readonly [key: string]: ArgValue;
}

export function isRaw(v: unknown): v is RawToken {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as { raw?: unknown }).raw === "string" && RAW.has(v);
}

// Raw tokens are recognised by identity, so an argument object `{"raw": "x"}` stays an object.
const RAW = new WeakSet<object>();
export function raw(text: string): RawToken {
  const t = { raw: text };
  RAW.add(t);
  return t;
}

function numberText(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : "-Infinity";
  if (Number.isInteger(n) && !Object.is(n, -0)) return Math.abs(n) < 1e21 ? BigInt(n).toString() : pyFloatRepr(n);
  return pyFloatRepr(n);
}

/** Compact JSON (no spaces), keys in insertion order, strings as JSON.stringify writes them (lone surrogates escaped). */
export function argsText(v: ArgValue): string {
  if (isRaw(v)) return v.raw;
  if (v === null) return "null";
  switch (typeof v) {
    case "number":
      return numberText(v);
    case "bigint":
      return v.toString();
    case "boolean":
      return v ? "true" : "false";
    case "string":
      return JSON.stringify(v);
    default:
      break;
  }
  if (Array.isArray(v)) return `[${(v as readonly ArgValue[]).map(argsText).join(",")}]`;
  const o = v as ArgObject;
  return `{${Object.keys(o)
    .map((k) => `${JSON.stringify(k)}:${argsText(o[k] as ArgValue)}`)
    .join(",")}}`;
}

/** Number texts JavaScript numbers cannot write or keep: integral floats, big ints, exponents. */
export const NUMBER_TOKENS = [
  "25.0",
  "2.0",
  "0.0",
  "-0.0",
  "100.0",
  "1.0e2",
  "1E2",
  "1e18",
  "1e308",
  "-1e308",
  "1e400",
  "9007199254740993",
  "-9007199254740993",
  "18446744073709551616",
  "123456789012345678901234567890",
] as const;

/** Numeric strings that name big integers (pydantic's lax mode reads them). */
export const BIG_NUMERIC_STRINGS = ['"9007199254740993"', '"1e18"', '" 12345678901234567890 "', '"25.0"', '"1_000"'] as const;

/** Whole argument texts that are not a JSON object. */
export const NON_OBJECT_TEXTS = ["[]", '""', "0", "null", "true", "false", '"x"', "[1]", "1.5", "[{}]"] as const;

/**
 * Argument texts Python's `json.loads` refuses, or that the framework reads
 * specially: the empty text (read as `{}`), whitespace, cut-off and lax JSON,
 * and an integer of more than 4300 digits (a ValueError, not a decode error);
 * one of exactly 4300 digits, which Python still reads, marks the boundary.
 */
export const NOT_JSON_TEXTS = ["", " ", "\n", "{", "}", '{"a":1,}', "nan", "NAN", "{'a': 1}", "{}{}", "[1,]", '{"a" 1}', "{a:1}", "\u0000", `{"amount":${"7".repeat(4301)}}`, `-${"1".repeat(4301)}`, `${"9".repeat(4300)}`] as const;
