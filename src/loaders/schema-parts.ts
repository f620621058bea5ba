/**
 * Building blocks shared by the fixture schemas.
 *
 * Fixture schemas are pure predicates: no defaults, no transforms. The
 * loaders return the parsed document itself (key order and unknown fields
 * intact, which tool results and hashes depend on), so the inferred output
 * type must describe that document exactly.
 *
 * A string check's message is the "expected ..." phrase of the one-line
 * error that `schema-check.ts` builds (`expected a date (YYYY-MM-DD), found ...`).
 */
import { z } from "zod";
import { pyStrip } from "../python/strip.js";
import type { JsonObject } from "../json/types.js";

/** A DB as the engine holds it (a JSON object) that also keeps its schema's field types. */
export type TypedDb<T> = T & JsonObject;

// Calendar-checked, as pydantic's `date` type is: leap days only in leap years.
const LEAP_DAY = String.raw`(?:\d\d(?:[2468][048]|[13579][26]|0[48])|(?:[02468][048]|[13579][26])00)-02-29`;
const LONG_MONTH_DAY = String.raw`(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])`;
const SHORT_MONTH_DAY = String.raw`(?:0[469]|11)-(?:0[1-9]|[12]\d|30)`;
const MONTH_DAY = String.raw`${LONG_MONTH_DAY}|${SHORT_MONTH_DAY}|02-(?:0[1-9]|1\d|2[0-8])`;
const DATE = String.raw`(?:${LEAP_DAY}|\d{4}-(?:${MONTH_DAY}))`;
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d`;

/** A string matching `re`; `label` completes "expected ...". */
export function pattern(re: RegExp, label: string) {
  return z.string().regex(re, label);
}

export const isoDate = () => pattern(new RegExp(`^${DATE}$`), "a date (YYYY-MM-DD)");

/** What pydantic's `model_dump(mode="json")` writes for a naive `datetime`. */
export const isoDateTime = () => pattern(new RegExp(`^${DATE}T${TIME}$`), "a date-time (YYYY-MM-DDTHH:MM:SS)");

/**
 * A pydantic `datetime` field as JSON: pydantic also accepts a bare date, and
 * a `datetime` field whose default is a date dumps as one (telecom's
 * `Customer.created_at`).
 */
export const isoDateTimeOrDate = () =>
  pattern(new RegExp(`^${DATE}(?:T${TIME})?$`), "a date-time (YYYY-MM-DDTHH:MM:SS) or a date (YYYY-MM-DD)");

/**
 * pydantic's `Dict[SomeEnum, V]`: any subset of the enum's values as keys,
 * written as an object of optional fields so an unknown key is reported by
 * name ("no such field").
 */
export function enumKeyed<const K extends readonly [string, ...string[]], V extends z.ZodType>(keys: K, value: V) {
  const shape = Object.fromEntries(keys.map((k) => [k, value.optional()])) as { [P in K[number]]: z.ZodOptional<V> };
  return z.strictObject(shape);
}

/** `z.int()` whose type error says "integer" even for a non-number (zod's own says "number"). */
export const int = () => z.int({ error: "an integer" });

/** The reference's `not value.strip()` test, with Python's notion of whitespace. */
export const nonEmptyString = () => z.string().refine((s) => pyStrip(s) !== "", "a non-empty string");

/**
 * A mapping whose values repeat their key in `idField` (reservations by
 * `reservation_id`, users by `user_id`...). Tools look records up by key and
 * report the field, so a mismatch would make a record contradict itself.
 */
export function recordKeyedBy<V extends z.ZodType<Record<string, unknown>>>(
  idField: string,
  value: V,
  key: z.ZodType<string> = z.string(),
) {
  return z.record(key, value).superRefine((rec, ctx) => {
    for (const [k, v] of Object.entries(rec)) {
      if (v[idField] !== k) {
        ctx.addIssue({ code: "custom", path: [k, idField], message: `${JSON.stringify(k)} (the key of its entry)` });
      }
    }
  });
}
