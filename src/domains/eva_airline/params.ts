/**
 * Argument schemas with the eva parameter models' validation: anchored
 * patterns (pydantic's Rust regex, where `\d` is any Unicode decimal digit and
 * `$` is the end of the text), string enums that reject anything else with
 * pydantic's `enum` error, and numeric bounds. Checks are refinements rather
 * than zod's `regex`/`enum`, so the JSON schema the LLM sees stays the plain
 * `{type, description}` the reference advertises.
 */
import { z } from "zod";
import { STRING_UNICODE, hasLoneSurrogate, laxFloat, laxInt, type PydanticIssueParams } from "../../engine/binding/lax.js";
import type { PyInt } from "../../python/num.js";

interface IssueSink {
  readonly value: unknown;
  readonly issues: z.core.$ZodRawIssue[];
}

function pushIssue(ctx: IssueSink, type: string, msg: string): void {
  ctx.issues.push({ code: "custom", message: msg, input: ctx.value, params: { pydantic: { type, msg } } satisfies PydanticIssueParams });
}

/** pydantic's `description`/`examples` for a constrained string type, as its error message quotes them. */
export interface FieldFormat {
  readonly description: string;
  readonly examples?: readonly string[];
}

interface PatternType extends FieldFormat {
  /** The pattern as the reference writes it (quoted in pydantic's message). */
  readonly source: string;
  readonly regex: RegExp;
}

const CONFIRMATION_NUMBER: PatternType = {
  source: "^[A-Za-z0-9]{6}$",
  regex: /^[A-Za-z0-9]{6}$/u,
  description: "6 alphanumeric characters",
};
const FLIGHT_NUMBER: PatternType = {
  source: "^[A-Za-z]{2,3}\\d{1,4}$",
  regex: /^[A-Za-z]{2,3}\p{Nd}{1,4}$/u,
  description: "2-3 letters followed by 1-4 digits",
  examples: ["SK621"],
};
const DATE: PatternType = {
  source: "^\\d{4}-\\d{2}-\\d{2}$",
  regex: /^\p{Nd}{4}-\p{Nd}{2}-\p{Nd}{2}$/u,
  description: "YYYY-MM-DD",
};
const JOURNEY_ID: PatternType = {
  source: "^FL_(?:[A-Za-z]{2,3}\\d{1,4}_)+\\d{8}$",
  regex: /^FL_(?:[A-Za-z]{2,3}\p{Nd}{1,4}_)+\p{Nd}{8}$/u,
  description: "FL_<flight>_<YYYYMMDD>",
  examples: ["FL_SK621_20260320"],
};
const PASSENGER_ID: PatternType = {
  source: "^PAX\\d+$",
  regex: /^PAX\p{Nd}+$/u,
  description: "PAX<digits>",
  examples: ["PAX001"],
};
const AIRPORT_CODE: PatternType = {
  source: "^[A-Za-z]{3}$",
  regex: /^[A-Za-z]{3}$/u,
  description: "3-letter airport code",
  examples: ["JFK"],
};

/**
 * The constrained type behind each argument name. pydantic quotes a type's
 * description in its error only where the field is required: wrapping the
 * type in `Optional` drops its metadata.
 */
export const FIELD_FORMATS: Readonly<Record<string, FieldFormat>> = {
  confirmation_number: CONFIRMATION_NUMBER,
  flight_number: FLIGHT_NUMBER,
  flight_date: DATE,
  date: DATE,
  journey_id: JOURNEY_ID,
  new_journey_id: JOURNEY_ID,
  passenger_id: PASSENGER_ID,
  origin: AIRPORT_CODE,
  destination: AIRPORT_CODE,
};

function patterned(type: PatternType): z.ZodType<string> {
  return z.string().check((ctx) => {
    // A pattern is matched on decoded text: a lone surrogate fails before it.
    if (hasLoneSurrogate(ctx.value)) pushIssue(ctx, STRING_UNICODE.type, STRING_UNICODE.msg);
    else if (!type.regex.test(ctx.value)) pushIssue(ctx, "string_pattern_mismatch", `String should match pattern '${type.source}'`);
  });
}

/** `None` is accepted for an `X | None = None` field and means "not given". */
function nullable<T>(schema: z.ZodType<T>): z.ZodType<T | undefined> {
  return z.preprocess((v) => (v === null ? undefined : v), schema.optional());
}

// Descriptions go on the innermost schema: on a wrapper, zod's JSON schema
// would list `description` before `type`, unlike the reference's properties.
export const confirmationNumber = (description: string) => patterned(CONFIRMATION_NUMBER).describe(description);
export const flightNumber = (description: string) => patterned(FLIGHT_NUMBER).describe(description);
export const optionalFlightNumber = (description: string) => nullable(patterned(FLIGHT_NUMBER).describe(description));
export const dateString = (description: string) => patterned(DATE).describe(description);
export const journeyId = (description: string) => patterned(JOURNEY_ID).describe(description);
export const passengerId = (description: string) => patterned(PASSENGER_ID).describe(description);
export const passengerIds = (description: string) => z.array(patterned(PASSENGER_ID)).describe(description);
export const airportCode = (description: string) => patterned(AIRPORT_CODE).describe(description);

function quote(s: string): string {
  return `'${s}'`;
}

/** A `StrEnum` field: any non-member input (even a non-string) is an `enum` error. */
function strEnum<const T extends readonly string[]>(values: T, description: string): z.ZodType<T[number]> {
  const members: readonly unknown[] = values;
  const quoted = values.map(quote);
  const msg = `Input should be ${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1] ?? ""}`;
  return z.preprocess((v, ctx) => {
    if (v !== undefined && !members.includes(v)) {
      // A lone surrogate fails the decoding to text before the member check.
      const pydantic = typeof v === "string" && hasLoneSurrogate(v) ? { ...STRING_UNICODE } : { type: "enum", msg };
      ctx.addIssue({ code: "custom", message: pydantic.msg, input: v, params: { pydantic } satisfies PydanticIssueParams });
    }
    return v;
  }, z.string().describe(description));
}

export const FARE_CLASSES = ["basic_economy", "main_cabin", "premium_economy", "business", "first"] as const;

const REBOOKING_TYPES = [
  "voluntary",
  "same_day",
  "irrops_cancellation",
  "irrops_delay",
  "irrops_schedule_change",
  "missed_flight_passenger_fault",
  "missed_connection_airline_fault",
] as const;
const SEAT_PREFERENCES = ["window", "aisle", "middle", "no_preference"] as const;
const MEAL_TYPES = ["vegetarian", "vegan", "kosher", "halal", "gluten_free", "diabetic", "low_sodium", "child", "hindu", "none", "standard"] as const;
const CREDIT_REASONS = ["cancellation_non_refundable", "fare_difference_negative", "service_recovery", "goodwill", "downgrade_compensation"] as const;
const VOUCHER_REASONS = ["delay_over_2_hours", "delay_over_4_hours", "cancellation_wait_same_day", "irrops_overnight"] as const;
const REFUND_TYPES = ["full_fare", "partial_fare", "taxes_only", "ancillary_fees"] as const;
const CANCELLATION_REASONS = ["voluntary", "irrops_refund", "24_hour_rule", "schedule_unacceptable", "medical", "bereavement"] as const;

export const fareClass = (description: string) => nullable(strEnum(FARE_CLASSES, description));
export const fareClassOrAny = (description: string) => strEnum([...FARE_CLASSES, "any"] as const, description);
export const rebookingType = (description: string) => strEnum(REBOOKING_TYPES, description);
export const seatPreference = (description: string) => strEnum(SEAT_PREFERENCES, description);
export const mealType = (description: string) => strEnum(MEAL_TYPES, description);
export const creditReason = (description: string) => strEnum(CREDIT_REASONS, description);
export const voucherReason = (description: string) => strEnum(VOUCHER_REASONS, description);
export const refundType = (description: string) => strEnum(REFUND_TYPES, description);
export const cancellationReason = (description: string) => strEnum(CANCELLATION_REASONS, description);

/** `int = Field(ge=min[, le=max])`. */
export function boundedInt(description: string, min: number, max?: number): z.ZodType<PyInt> {
  return laxInt(description).check((ctx) => {
    if (ctx.value < min) pushIssue(ctx, "greater_than_equal", `Input should be greater than or equal to ${min}`);
    else if (max !== undefined && ctx.value > max) pushIssue(ctx, "less_than_equal", `Input should be less than or equal to ${max}`);
  });
}

/** `float = Field(gt=0)`; NaN fails it too, as in pydantic. */
export function positiveFloat(description: string): z.ZodType<number> {
  return laxFloat(description).check((ctx) => {
    if (!(ctx.value > 0)) pushIssue(ctx, "greater_than", "Input should be greater than 0");
  });
}
