/**
 * zod schemas with pydantic v2 "lax mode" coercion, so a tool accepts exactly
 * what the reference's parameter models accept (`"100"` for an int, `"yes"`
 * for a bool) and reports failures with pydantic's error type and message.
 * The JSON schema the LLM sees is the inner schema's (`integer`, `number`...).
 */
import { z } from "zod";
import { pyIntOf, type PyInt } from "../../python/num.js";

/** Carried in zod issue params so the pydantic translation keeps the type. */
export interface PydanticIssueParams {
  pydantic: { type: string; msg: string };
}

function fail(ctx: z.core.$RefinementCtx, type: string, msg: string, value: unknown): unknown {
  ctx.addIssue({ code: "custom", message: msg, params: { pydantic: { type, msg } } satisfies PydanticIssueParams });
  return value;
}

// pydantic-core strips Unicode White_Space (Python's whitespace without
// U+001C-U+001F) and reads ASCII digits with single underscores between them.
const PYDANTIC_SPACE = /^[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const DIGITS = String.raw`\d(?:_?\d)*`;
// An int from a string may carry a zero fraction ("10.0", not "10.").
const INT_TEXT = new RegExp(String.raw`^[+-]?${DIGITS}(?:\.0+)?$`);
const FLOAT_TEXT = new RegExp(String.raw`^[+-]?(?:(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf|infinity|nan)$`, "i");

const pydanticStrip = (s: string): string => s.replace(PYDANTIC_SPACE, "");

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A Python str that is not valid Unicode (a lone surrogate). pydantic-core's
 * `str` keeps it, but every validator that reads a string as something else
 * (int, float, bool, enum, literal) must decode it first and fails with
 * `string_unicode`.
 */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

export const STRING_UNICODE = { type: "string_unicode", msg: "Input should be a valid string, unable to parse raw data as a unicode string" } as const;

/** pydantic's int from a string: the exact integer, or undefined (`int_parsing`). */
export function parseIntText(s: string): bigint | undefined {
  const t = pydanticStrip(s);
  if (!INT_TEXT.test(t)) return undefined;
  return BigInt(t.replace(/\.0+$/, "").replaceAll("_", ""));
}

/** pydantic's float from a string, or undefined (`float_parsing`). */
export function parseFloatText(s: string): number | undefined {
  const t = pydanticStrip(s);
  if (!FLOAT_TEXT.test(t)) return undefined;
  const lower = t.toLowerCase().replaceAll("_", "");
  if (lower.endsWith("nan")) return NaN;
  if (lower.endsWith("inf") || lower.endsWith("infinity")) return lower.startsWith("-") ? -Infinity : Infinity;
  return Number(lower);
}

const INT_TYPE = "Input should be a valid integer";
const FLOAT_TYPE = "Input should be a valid number";
const BOOL_TYPE = "Input should be a valid boolean";

/**
 * The parameter description goes on the inner schema so the generated JSON
 * schema lists `type` before `description`, as hand-written tool schemas do.
 */
function described<T extends z.ZodType>(schema: T, description: string | undefined): T {
  return description === undefined ? schema : schema.describe(description);
}

/** pydantic-core reads a float as an int only inside i64's range, exclusive at both ends. */
const I64_BOUND = 2 ** 63;

/**
 * pydantic `int` in lax mode. Any Python int is accepted, however large; a
 * float only when integral and inside i64 (`1e18` yes, `1e19` is
 * `int_parsing_size`); a string of any length of digits. The value is exact:
 * a `PyInt` (a bigint past 2^53), for the Python int arithmetic of
 * python/num.ts.
 */
export function laxInt(description?: string): z.ZodType<PyInt> {
  return z.preprocess((v, ctx) => {
    const n = pydanticInt(v, ctx);
    return typeof n === "bigint" || (typeof n === "number" && Number.isInteger(n)) ? pyIntOf(n) : n;
  }, described(anyInt, description));
}

function pydanticInt(v: unknown, ctx: z.core.$RefinementCtx): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "bigint") return v;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return fail(ctx, "finite_number", "Input should be a finite number", v);
    if (!Number.isInteger(v)) return fail(ctx, "int_from_float", `${INT_TYPE}, got a number with a fractional part`, v);
    // An integral number beyond 2^53 was a float literal (integer literals that large parse as bigints).
    if (!Number.isSafeInteger(v) && Math.abs(v) >= I64_BOUND) return fail(ctx, "int_parsing_size", "Unable to parse input string as an integer, exceeded maximum size", v);
    return v;
  }
  if (typeof v === "string") {
    if (hasLoneSurrogate(v)) return fail(ctx, STRING_UNICODE.type, STRING_UNICODE.msg, v);
    const n = parseIntText(v);
    if (n === undefined) return fail(ctx, "int_parsing", `${INT_TYPE}, unable to parse string as an integer`, v);
    // pydantic-core's bound on what it reads from a string: 4300 characters of the int's own text, sign included.
    if (n.toString().length > 4300) return fail(ctx, "int_parsing_size", "Unable to parse input string as an integer, exceeded maximum size", v);
    return Number.isSafeInteger(Number(n)) ? Number(n) : n;
  }
  if (v === undefined) return v;
  return fail(ctx, "int_type", INT_TYPE, v);
}

// zod's int() stops at 2^53; pydantic's int has no bound. The LLM sees `{"type": "integer"}`.
const anyInt = z.custom<PyInt>((v) => typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v))).meta({ type: "integer" });

/** pydantic `float` in lax mode. */
export function laxFloat(description?: string): z.ZodType<number> {
  return z.preprocess((v, ctx) => {
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v === "number") return v;
    // float(int): nearest double, ties to even, as BigInt → Number rounds; past the largest double, not a number.
    if (typeof v === "bigint") return Number.isFinite(Number(v)) ? Number(v) : fail(ctx, "float_type", FLOAT_TYPE, v);
    if (typeof v === "string") {
      if (hasLoneSurrogate(v)) return fail(ctx, STRING_UNICODE.type, STRING_UNICODE.msg, v);
      const n = parseFloatText(v);
      return n === undefined ? fail(ctx, "float_parsing", `${FLOAT_TYPE}, unable to parse string as a number`, v) : n;
    }
    if (v === undefined) return fail(ctx, "missing", "Field required", v);
    return fail(ctx, "float_type", FLOAT_TYPE, v);
  }, described(anyFloat, description));
}

// pydantic floats include NaN and ±inf, which z.number() rejects; the LLM
// still sees a plain `{"type": "number"}`.
const anyFloat = z.custom<number>((v) => typeof v === "number").meta({ type: "number" });

const TRUE_TEXT = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE_TEXT = new Set(["0", "f", "false", "n", "no", "off"]);

/** pydantic `bool` in lax mode. */
export function laxBool(description?: string): z.ZodType<boolean> {
  return z.preprocess((v, ctx) => {
    if (typeof v === "boolean") return v;
    if (typeof v === "number") {
      if (v === 1) return true;
      if (v === 0) return false;
      // pydantic tries to read an integral number (2, -1) inside i64 as a bool; a fraction, NaN, inf or a float past i64 is simply the wrong type.
      if (!Number.isInteger(v) || Math.abs(v) >= I64_BOUND) return fail(ctx, "bool_type", BOOL_TYPE, v);
      return fail(ctx, "bool_parsing", `${BOOL_TYPE}, unable to interpret input`, v);
    }
    if (typeof v === "bigint") {
      // An int is read as an i64 first: inside, it is an int that is not 0 or 1; outside, the wrong type.
      if (v >= -(2n ** 63n) && v < 2n ** 63n) return fail(ctx, "bool_parsing", `${BOOL_TYPE}, unable to interpret input`, v);
      return fail(ctx, "bool_type", BOOL_TYPE, v);
    }
    if (typeof v === "string") {
      if (hasLoneSurrogate(v)) return fail(ctx, STRING_UNICODE.type, STRING_UNICODE.msg, v);
      const t = v.toLowerCase();
      if (TRUE_TEXT.has(t)) return true;
      if (FALSE_TEXT.has(t)) return false;
      return fail(ctx, "bool_parsing", `${BOOL_TYPE}, unable to interpret input`, v);
    }
    if (v === undefined) return v;
    return fail(ctx, "bool_type", BOOL_TYPE, v);
  }, described(z.boolean(), description));
}

const AS_GIVEN = new WeakSet<z.ZodType>();

/**
 * pydantic `Dict[str, Any]`: any JSON object, which the tool receives as it
 * was given (pydantic keeps `Any` values as they are), float marks included,
 * so a `25.0` inside is stored and echoed as `25.0`.
 */
export function pyAnyDict(description?: string): z.ZodType<Record<string, unknown>> {
  const schema = described(z.looseObject({}), description);
  AS_GIVEN.add(schema);
  return schema;
}

/** Does the argument this schema validates reach the tool as given (see `pyAnyDict`)? */
export function passesAsGiven(schema: z.ZodType): boolean {
  return AS_GIVEN.has(schema);
}

/** pydantic `str`: strict even in lax mode (numbers are not coerced). */
export function pyStr(): z.ZodString {
  return z.string();
}
