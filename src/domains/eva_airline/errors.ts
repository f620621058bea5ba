import { z } from "zod";
import type { ArgumentErrorFormatter } from "../../engine/domain.js";
import { inputStr, type PydanticError } from "../../engine/binding/pydantic-errors.js";
import type { AnyToolDef, ToolResult } from "../../engine/types.js";
import { FIELD_FORMATS, type FieldFormat } from "./params.js";

/** The eva error type per argument; the message labels the argument by its own name. */
const FIELD_ERROR_TYPES: Readonly<Record<string, string>> = {
  rebooking_type: "invalid_rebooking_type",
  new_fare_class: "invalid_fare_class",
  fare_class: "invalid_fare_class",
  meal_type: "invalid_meal_type",
  credit_reason: "invalid_credit_reason",
  voucher_reason: "invalid_voucher_reason",
  refund_type: "invalid_refund_type",
  seat_preference: "invalid_seat_preference",
  cancellation_reason: "invalid_cancellation_reason",
  confirmation_number: "invalid_confirmation_number_format",
  flight_number: "invalid_flight_number_format",
  flight_date: "invalid_date_format",
  date: "invalid_date_format",
  journey_id: "invalid_journey_id_format",
  new_journey_id: "invalid_journey_id_format",
  passenger_id: "invalid_passenger_id_format",
  passenger_ids: "invalid_passenger_id_format",
  origin: "invalid_airport_code_format",
  destination: "invalid_airport_code_format",
  num_bags: "invalid_bag_count",
};

/** The format pydantic quotes for `field` of `tool`: only required fields keep their type's metadata. */
function formatOf(tool: AnyToolDef, field: string): FieldFormat | undefined {
  const format = FIELD_FORMATS[field];
  if (!format || !(tool.args instanceof z.ZodObject)) return undefined;
  const schema = (tool.args.shape as Record<string, z.ZodType | undefined>)[field];
  return schema && !schema.safeParse(undefined).success ? format : undefined;
}

function fieldMessage(tool: AnyToolDef, field: string, error: PydanticError): string {
  // For a missing field pydantic's `input` is the whole argument dict, and that is what gets quoted.
  let msg = `Invalid ${field} '${inputStr(error)}'`;
  const format = formatOf(tool, field);
  if (format) {
    msg += `: must be ${format.description}`;
    if (format.examples) msg += ` (e.g. ${format.examples.join(", ")})`;
  } else if (error.msg) {
    msg += `: ${error.msg}`;
  }
  return msg;
}

/**
 * eva's `validation_error_response`: the first error on an argument with its
 * own error type wins, even if an earlier argument also failed; otherwise the
 * first error is reported as `invalid_parameter`.
 */
export const evaArgumentError: ArgumentErrorFormatter = (tool, errors) => {
  for (const error of errors) {
    const head = error.loc[0];
    if (head === undefined) continue;
    const errorType = FIELD_ERROR_TYPES[String(head)];
    if (errorType) return { status: "error", error_type: errorType, message: fieldMessage(tool, String(head), error) };
  }
  const first = errors[0];
  const field = first?.loc[0] === undefined ? "parameter" : String(first.loc[0]);
  return { status: "error", error_type: "invalid_parameter", message: `Invalid or missing parameter '${field}': ${first?.msg ?? ""}` };
};

export function evaDbNotInitialized(_tool: AnyToolDef): ToolResult {
  return {
    status: "error",
    error_type: "db_not_initialized",
    message: "Scenario database not loaded. This indicates a fixture-loading bug; contact the evaluator.",
  };
}
