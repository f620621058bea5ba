/**
 * Argument schemas shared by the airline tools: pydantic models and enums
 * from the reference's parameter module. Descriptions are what the reference
 * shows the LLM (each tool's hand-written `properties`), which is why the same
 * nested model carries different descriptions in different tools.
 */
import { z } from "zod";
import { laxInt, pyStr } from "../../../engine/binding/lax.js";
import type { PydanticIssueParams } from "../../../engine/binding/lax.js";

export const CABINS = ["business", "economy", "basic_economy"] as const;
export type Cabin = (typeof CABINS)[number];

export const cabinArg = (description: string) => z.enum(CABINS).describe(description);
export const flightTypeArg = (description: string) => z.enum(["round_trip", "one_way"]).describe(description);
export const insuranceArg = (description: string) => z.enum(["yes", "no"]).describe(description);

export const reservationIdArg = (description: string) => pyStr().describe(description);

export const paymentIdArg = () =>
  pyStr().describe("The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826'.");

/**
 * A nested pydantic model. Unknown keys are ignored (these models do not
 * forbid extras); anything but an object fails as pydantic's `model_type`.
 */
function pyModel<S extends z.ZodRawShape>(className: string, shape: S) {
  const msg = `Input should be a valid dictionary or instance of ${className}`;
  return z.preprocess((value, ctx) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      const params: PydanticIssueParams = { pydantic: { type: "model_type", msg } };
      ctx.addIssue({ code: "custom", message: msg, params });
    }
    return value;
  }, z.object(shape));
}

/** `FlightInfo`: one leg of a booking or itinerary change. */
export const flightInfo = (fields: { flightNumber?: string; date: string }) =>
  pyModel("FlightInfo", {
    flight_number: fields.flightNumber === undefined ? pyStr() : pyStr().describe(fields.flightNumber),
    date: pyStr().describe(fields.date),
  });

/** `Passenger`. */
export const passenger = (dobDescription: string) =>
  pyModel("Passenger", {
    first_name: pyStr(),
    last_name: pyStr(),
    dob: pyStr().describe(dobDescription),
  });

/** `Payment`: a payment method id and the whole-dollar amount charged to it. */
export const payment = () => pyModel("Payment", { payment_id: pyStr(), amount: laxInt() });

export interface FlightInfo {
  flight_number: string;
  date: string;
}
export interface Passenger {
  first_name: string;
  last_name: string;
  dob: string;
}

/** The airline's hand-written schemas put an array's description before its `items`. */
export const AIRLINE_SCHEMA_KEY_ORDER: readonly string[] = ["type", "enum", "description"];
