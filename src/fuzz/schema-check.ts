/**
 * "The DB still fits its fixture schema", checked on what changed only.
 * Fixture schemas check each record on its own (plus the key it is filed
 * under), and the starting DB was validated when it was loaded, so a DB whose
 * untouched records are left out fits exactly when the whole DB does. That
 * keeps the check proportional to the change, not to the 7 MB airline DB.
 *
 * Two things tools store, exactly as the reference does (checked with the
 * reference tools), that fixture files never hold, so the fixture schemas
 * (which describe the files) reject them; they are normalized away first:
 * - non-finite numbers: float parameters accept "inf" and "nan" (pydantic's
 *   default), so `refuel_data`, `ProcessRefundTool`, `IssueTravelCreditTool`
 *   store Infinity or NaN;
 * - non-ASCII decimal digits: eva's id patterns use `\d`, which pydantic's
 *   regex engine reads as any Unicode digit, so `PAX٠٠١` is a valid
 *   passenger id to `IssueHotelVoucherTool`.
 */
import type { z } from "zod";
import type { FieldPath } from "../engine/fuzz-profile.js";
import { findProblem, formatJsonPath } from "../loaders/schema-check.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { setOwn } from "./values.js";
import { withoutMarks } from "../json/marks.js";

function isRecordTable(v: JsonValue | undefined): v is JsonObject {
  if (!isJsonObject(v)) return false;
  const first = Object.values(v)[0];
  return first !== undefined && isJsonObject(first);
}

const UNICODE_DIGIT = /\p{Nd}/gu;

/** A Unicode decimal digit as the ASCII digit of the same value (digits come in runs of ten). */
function asciiDigit(ch: string): string {
  let cp = ch.codePointAt(0) as number;
  let value = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1)) && value < 9) {
    cp -= 1;
    value += 1;
  }
  return String(value);
}

const asciiDigits = (s: string): string => s.replace(UNICODE_DIGIT, (ch) => (ch >= "0" && ch <= "9" ? ch : asciiDigit(ch)));

/** The value with non-finite numbers made 1 and Unicode digits made ASCII, in keys too (see above). */
function normalized(v: JsonValue): JsonValue {
  if (typeof v === "number") return Number.isFinite(v) ? v : 1;
  if (typeof v === "string") return asciiDigits(v);
  if (Array.isArray(v)) return v.map(normalized);
  if (isJsonObject(v)) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) setOwn(out, asciiDigits(k), normalized(x));
    return out;
  }
  return v;
}

/** `current` with every record that is the very same object as in `start` left out of its table. */
export function changedPart(start: JsonObject, current: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, table] of Object.entries(current)) {
    const before = start[key];
    if (isRecordTable(table) && isJsonObject(before)) {
      const kept: JsonObject = {};
      for (const [id, rec] of Object.entries(table)) if (before[id] !== rec) setOwn(kept, id, rec);
      setOwn(out, key, kept);
    } else {
      setOwn(out, key, table);
    }
  }
  return out;
}

function matches(pattern: FieldPath, path: readonly PropertyKey[]): boolean {
  return pattern.length === path.length && pattern.every((p, i) => p === "*" || p === String(path[i]));
}

/**
 * The first schema problem of `current`, as `path: expected …, found …`, or
 * undefined. Problems at `unchecked` fields are not counted: there the
 * reference stores whatever the caller said.
 */
export function schemaProblem(schema: z.ZodType, start: JsonObject, current: JsonObject, unchecked: readonly FieldPath[] = []): string | undefined {
  const doc = normalized(changedPart(start, current));
  const parsed = schema.safeParse(withoutMarks(doc));
  if (parsed.success) return undefined;
  const counted = parsed.error.issues.filter((i) => !unchecked.some((u) => matches(u, i.path)));
  if (counted.length === 0) return undefined;
  if (counted.length === parsed.error.issues.length) {
    const problem = findProblem(doc, schema);
    if (problem) return `${formatJsonPath(problem.path)}: ${problem.detail}`;
  }
  const first = counted[0] as z.core.$ZodIssue;
  return `${formatJsonPath(first.path.map((k) => (typeof k === "number" ? k : String(k))))}: ${first.message}`;
}
