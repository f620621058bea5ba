import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { boundedInt, confirmationNumber, journeyId, mealType, optionalFlightNumber, passengerId, seatPreference } from "../params.js";
import { pyStrRepr as reprString } from "../../../python/text.js";
import { findBookingJourney, findBookingSegments, findReservation, isErrorResult, journeyNotFound, reservationNotFound } from "./bookings.js";
import { get, getObject, getObjects, truthy } from "../../../python/dict.js";
import { num } from "./db-reads.js";
import { PyError } from "../../../python/error.js";

const ALL_SEAT_TYPES: readonly JsonValue[] = ["window", "aisle", "middle"];
const BASE_ROW: Readonly<Record<string, number>> = { basic_economy: 25, main_cabin: 20, premium_economy: 10, business: 5, first: 1 };
const SEAT_LETTER: Readonly<Record<string, string>> = { window: "A", aisle: "C", middle: "B", no_preference: "C" };

/** Python's `ValueError` text for `int()` of a non-numeric string. */
class IntParseError extends PyError {
  constructor(literal: string) {
    super("ValueError", `invalid literal for int() with base 10: ${reprString(literal)}`);
  }
}

const DIGIT = /^\p{Nd}$/u;

/** A Unicode decimal digit's value: digits come in contiguous runs of 0-9. */
function digitValue(cp: number): number {
  let start = cp;
  while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/**
 * The row offset is `int()` of the id's last three characters, so `PAX001`
 * sits in row base+1 and an id with fewer than three digits (`PAX12`) makes
 * the reference raise.
 */
function passengerIndex(passengerIdArg: string): number {
  const tail = Array.from(passengerIdArg).slice(-3);
  if (!tail.every((ch) => DIGIT.test(ch))) throw new IntParseError(tail.join(""));
  return tail.reduce((n, ch) => n * 10 + digitValue(ch.codePointAt(0) as number), 0);
}

/** The seat types a class offers on a segment; any when the segment does not say. */
function seatTypesFor(journeySeg: JsonObject, fareClass: string): JsonValue {
  const raw = get(journeySeg, "available_seat_types");
  if (!truthy(raw) || typeof raw !== "object" || Array.isArray(raw) || raw === null) return [...ALL_SEAT_TYPES];
  return get(raw, fareClass, [...ALL_SEAT_TYPES]);
}

export const assignSeatTool = defineTool({
  name: "AssignSeatTool",
  aliases: ["assign_seat"],
  description:
    "Assign a seat to a passenger based on preference (window, aisle, middle, no_preference). " +
    "Always ask the passenger for their preference before calling — do not assume.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    passenger_id: passengerId("Passenger identifier (e.g., PAX001)."),
    journey_id: journeyId("Journey ID from get_reservation."),
    seat_preference: seatPreference("One of: window, aisle, middle, no_preference."),
    flight_number: optionalFlightNumber("For multi-segment journeys, the flight number to assign seat on. Omit for single-segment."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { passenger_id: pax, journey_id: journeyIdArg, seat_preference: preference } = args;

    const reservation = findReservation(db, conf);
    if (!reservation || !truthy(reservation)) return reservationNotFound(conf);
    const booking = findBookingJourney(reservation, journeyIdArg);
    if (!booking || !truthy(booking)) return journeyNotFound(journeyIdArg);
    const targets = findBookingSegments(booking, journeyIdArg, args.flight_number);
    if (isErrorResult(targets)) return targets;
    const bookingSeg = targets[0] as JsonObject;
    const flightNo = args.flight_number || get(bookingSeg, "flight_number", "");

    const journey = getObject(getObject(db, "journeys") ?? {}, journeyIdArg);
    const journeySeg = journey && truthy(journey) ? getObjects(journey, "segments").find((s) => get(s, "flight_number") === flightNo) : undefined;
    const fareClass = get(booking, "fare_class", "main_cabin") as string;
    if (journeySeg && truthy(journeySeg)) {
      if (num(get(getObject(journeySeg, "available_seats") ?? {}, fareClass, 0)) <= 0) {
        return { status: "error", error_type: "no_seats_available", message: `No seats available in ${fareClass} fare class` };
      }
      const types = seatTypesFor(journeySeg, fareClass);
      const offered = Array.isArray(types) ? types.filter((t): t is string => typeof t === "string") : [];
      if (preference !== "no_preference" && !offered.includes(preference)) {
        return {
          status: "error",
          error_type: "seat_type_unavailable",
          message: `No ${preference} seats available in ${fareClass} on this flight. Available types: ${offered.join(", ")}`,
        };
      }
    }

    const seat = `${(BASE_ROW[fareClass] ?? 20) + passengerIndex(pax)}${SEAT_LETTER[preference] ?? "C"}`;
    bookingSeg["seat"] = seat;

    ctx.record({
      action_type: "assign_seat",
      confirmation_number: conf,
      passenger_id: pax,
      journey_id: journeyIdArg,
      flight_number: flightNo,
      seat_preference: preference,
      seat_assigned: seat,
    });
    return {
      status: "success",
      confirmation_number: conf,
      passenger_id: pax,
      journey_id: journeyIdArg,
      flight_number: flightNo,
      seat_assigned: seat,
      fare_class: fareClass,
      preference,
      message: `Seat ${seat} (${preference}) successfully assigned`,
    };
  },
});

export const addBaggageAllowanceTool = defineTool({
  name: "AddBaggageAllowanceTool",
  aliases: ["add_baggage_allowance"],
  description: "Add checked baggage allowance to a flight segment. Specify the exact number of bags (0-5).",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    journey_id: journeyId("Journey ID from get_reservation."),
    num_bags: boundedInt("Number of checked bags (0-5).", 0, 5),
    flight_number: optionalFlightNumber("For multi-segment, specific flight to add baggage to. Omit to apply to all segments."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { journey_id: journeyIdArg, num_bags: bags } = args;
    const flightNo = args.flight_number ?? null;

    const reservation = findReservation(db, conf);
    if (!reservation || !truthy(reservation)) return reservationNotFound(conf);
    const booking = findBookingJourney(reservation, journeyIdArg);
    if (!booking || !truthy(booking)) return journeyNotFound(journeyIdArg);
    // The reference's 0-5 range check repeats the argument validation and cannot fail here.
    const targets = flightNo ? findBookingSegments(booking, journeyIdArg, flightNo) : getObjects(booking, "segments");
    if (isErrorResult(targets)) return targets;
    for (const seg of targets) seg["bags_checked"] = bags;

    ctx.record({ action_type: "add_baggage_allowance", confirmation_number: conf, journey_id: journeyIdArg, flight_number: flightNo, num_bags: bags });
    return {
      status: "success",
      confirmation_number: conf,
      journey_id: journeyIdArg,
      bags_checked: bags,
      message: `Baggage allowance set to ${bags} checked bag(s)`,
    };
  },
});

export const addMealRequestTool = defineTool({
  name: "AddMealRequestTool",
  aliases: ["add_meal_request"],
  description: "Add or update special meal request for a passenger on a flight segment.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    passenger_id: passengerId("Passenger identifier (e.g., PAX001)."),
    journey_id: journeyId("Journey ID from get_reservation."),
    meal_type: mealType("One of: vegetarian, vegan, kosher, halal, gluten_free, diabetic, " + "low_sodium, child, hindu, standard, none."),
    flight_number: optionalFlightNumber("For multi-segment, specific flight to apply meal to. Omit to apply to all segments."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { passenger_id: pax, journey_id: journeyIdArg, meal_type: meal } = args;
    const flightNo = args.flight_number ?? null;

    const reservation = findReservation(db, conf);
    if (!reservation || !truthy(reservation)) return reservationNotFound(conf);
    const booking = findBookingJourney(reservation, journeyIdArg);
    if (!booking || !truthy(booking)) return journeyNotFound(journeyIdArg);
    // The request lands on the booking's segments, not per passenger, as in the reference.
    const targets = flightNo ? findBookingSegments(booking, journeyIdArg, flightNo) : getObjects(booking, "segments");
    if (isErrorResult(targets)) return targets;
    for (const seg of targets) seg["meal_request"] = meal;

    ctx.record({
      action_type: "add_meal_request",
      confirmation_number: conf,
      passenger_id: pax,
      journey_id: journeyIdArg,
      meal_type: meal,
      flight_number: flightNo,
    });
    return {
      status: "success",
      confirmation_number: conf,
      passenger_id: pax,
      journey_id: journeyIdArg,
      meal_type: meal,
      message: `${meal} meal request added`,
    };
  },
});
