import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { laxBool } from "../../../engine/binding/lax.js";
import { numAt, pyAdd, pyDict, pyGet, pyIntNum, pyMax, pySub, pySum, type PyNum } from "../../../python/num.js";
import { confirmationNumber, fareClass, journeyId, optionalFlightNumber, rebookingType } from "../params.js";
import {
  adjustSeats,
  bookingTotalFare,
  carriedAncillaries,
  findBookingJourney,
  findBookingSegments,
  findReservation,
  isErrorResult,
  journeyAvailableSeats,
  journeyFares,
  journeyNotFound,
  reservationNotFound,
} from "./bookings.js";
import { cloneJson, get, getObject, getObjects, truthy } from "../../../python/dict.js";

const VOLUNTARY_CHANGE_FEES: Readonly<Record<string, number>> = {
  basic_economy: 75,
  main_cabin: 75,
  premium_economy: 75,
  business: 0,
  first: 0,
};

function changeFee(rebooking: string, waived: boolean, originalClass: JsonValue): number {
  if (rebooking.includes("irrops") || waived) return 0;
  if (rebooking === "same_day") return originalClass === "basic_economy" ? 199 : 75;
  return typeof originalClass === "string" ? (VOLUNTARY_CHANGE_FEES[originalClass] ?? 75) : 75;
}

interface RebookPlan {
  readonly booking: JsonObject;
  readonly newFlight: JsonObject;
  readonly originalClass: JsonValue;
  readonly targetClass: string;
  readonly irrops: boolean;
  /** The leg being replaced in a partial rebook. */
  readonly replaced: JsonObject | undefined;
  readonly oldFare: PyNum;
  readonly newFare: PyNum;
}

/**
 * Segments of the new booking. IRROPS keeps what was paid (per leg for a
 * whole-journey rebook, the replaced leg's fare for a one-leg replacement);
 * otherwise each leg is priced at its own fare in the target class.
 */
function newBookingSegments(plan: RebookPlan, partial: boolean): JsonObject[] {
  const flightSegments = getObjects(plan.newFlight, "segments");
  const oldSegments = getObjects(plan.booking, "segments");
  return flightSegments.map((fs, i) => {
    let farePaid: JsonValue | PyNum;
    const oldSegment = oldSegments[i];
    if (plan.irrops && !partial && oldSegment) farePaid = pyGet(oldSegment, "fare_paid", 0);
    else if (plan.irrops && partial && flightSegments.length === 1) farePaid = pyGet(plan.replaced ?? {}, "fare_paid", 0);
    else farePaid = pyGet(getObject(fs, "fares") ?? {}, plan.targetClass, 0);
    const carried = carriedAncillaries(oldSegments, plan.replaced, i);
    return pyDict({
      flight_number: get(fs, "flight_number") ?? null,
      date: get(plan.newFlight, "date") ?? null,
      fare_paid: farePaid,
      seat: null,
      bags_checked: carried.bags_checked,
      meal_request: carried.meal_request,
    });
  });
}

export const rebookFlightTool = defineTool({
  name: "RebookFlightTool",
  aliases: ["rebook_flight"],
  description:
    "Rebook passenger(s) to a new flight. Handles voluntary changes, IRROPS rebooking, " +
    "and missed flight recovery. If new_fare_class is provided, the cabin changes; " +
    "otherwise the original fare class is kept. If flight_number is provided, a partial " +
    "rebook of that segment is performed (split-booking). Always explain change_fee, " +
    "fare_difference, and total_collected to the caller before confirming.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    journey_id: journeyId("Journey ID from get_reservation booking to be changed."),
    new_journey_id: journeyId("Journey ID of the replacement flight from search_rebooking_options."),
    rebooking_type: rebookingType(
      "Reason for rebooking. One of: voluntary, same_day, irrops_cancellation, " +
        "irrops_delay, irrops_schedule_change, missed_flight_passenger_fault, " +
        "missed_connection_airline_fault.",
    ),
    waive_change_fee: laxBool("Whether to waive the change fee (only for voluntary changes with authorization)."),
    new_fare_class: fareClass(
      "Fare class to rebook into if changing cabin " +
        "(basic_economy, main_cabin, premium_economy, business, first). " +
        "Omit to keep original fare class.",
    ),
    flight_number: optionalFlightNumber(
      "For multi-segment journeys, the specific flight number of the leg to " + "replace (partial rebook). Omit for full journey rebook.",
    ),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { journey_id: oldJourneyId, new_journey_id: newJourneyId, rebooking_type: rebooking, flight_number: flightNo } = args;

    const reservation = findReservation(db, conf);
    if (!reservation || !truthy(reservation)) return reservationNotFound(conf);
    const booking = findBookingJourney(reservation, oldJourneyId);
    if (!booking || !truthy(booking)) return journeyNotFound(oldJourneyId);

    const journeys = getObject(db, "journeys") ?? {};
    const newFlight = getObject(journeys, newJourneyId);
    if (!newFlight || !truthy(newFlight)) {
      return { status: "error", error_type: "flight_not_found", message: `Flight ${newJourneyId} not found` };
    }
    if (!truthy(get(newFlight, "bookable", true))) {
      return { status: "error", error_type: "not_bookable", message: `Flight ${newJourneyId} is not available for booking` };
    }

    const originalClass = get(booking, "fare_class", "main_cabin");
    const targetClass = args.new_fare_class ?? (originalClass as string);
    const irrops = rebooking.includes("irrops");
    const fee = pyIntNum(changeFee(rebooking, args.waive_change_fee, originalClass));

    let replaced: JsonObject | undefined;
    if (flightNo) {
      const targets = findBookingSegments(booking, oldJourneyId, flightNo);
      if (isErrorResult(targets)) return targets;
      replaced = targets[0];
    }
    const oldFare = replaced ? numAt(replaced, "fare_paid") : bookingTotalFare(booking);
    const fares = journeyFares(newFlight);
    const newFare = get(fares, targetClass);
    if (newFare === undefined || newFare === null) {
      return {
        status: "error",
        error_type: "fare_class_not_available",
        message: `Fare class '${targetClass}' is not available on flight ${newJourneyId}`,
      };
    }
    if ((journeyAvailableSeats(newFlight)[targetClass] ?? 0) <= 0) {
      return { status: "error", error_type: "no_seats_available", message: `No seats available in ${targetClass} on flight ${newJourneyId}` };
    }

    const plan: RebookPlan = { booking, newFlight, originalClass, targetClass, irrops, replaced, oldFare, newFare: numAt(fares, targetClass) };
    const fareDifference = pySub(plan.newFare, oldFare);
    const creditDue = pyMax(pyIntNum(0), pySub(pyIntNum(0), fareDifference));
    const totalCollected = irrops ? pyIntNum(0) : pyAdd(fee, pyMax(pyIntNum(0), fareDifference));

    // The reference cancels the first booking with this journey id, which after
    // a partial rebook is the already-cancelled original, not the kept booking.
    const firstWithJourney = getObjects(reservation, "bookings").find((b) => b["journey_id"] === oldJourneyId);
    if (firstWithJourney) firstWithJourney["status"] = "cancelled";

    const bookings = reservation["bookings"] as JsonValue[];
    bookings.push(
      pyDict({
        journey_id: newJourneyId,
        fare_class: targetClass,
        fare_paid: irrops ? oldFare : plan.newFare,
        status: "confirmed",
        segments: newBookingSegments(plan, Boolean(flightNo)),
      }),
    );

    const kept = flightNo ? getObjects(booking, "segments").filter((s) => get(s, "flight_number") !== flightNo) : [];
    if (kept.length > 0) {
      bookings.push(
        pyDict({
          journey_id: oldJourneyId,
          fare_class: originalClass,
          fare_paid: pySum(kept.map((s) => numAt(s, "fare_paid"))),
          status: "confirmed",
          segments: kept.map((s) => cloneJson(s)),
        }),
      );
    }
    const keptInfo = kept.map((s) =>
      pyDict({
        flight_number: get(s, "flight_number") ?? null,
        origin: get(s, "origin") ?? null,
        destination: get(s, "destination") ?? null,
        fare_paid: pyGet(s, "fare_paid"),
        seat: get(s, "seat") ?? null,
      }),
    );

    reservation["status"] = "changed";
    adjustSeats(newFlight, targetClass, -1);
    const oldFlight = getObject(journeys, get(booking, "journey_id") as string);
    if (oldFlight && truthy(oldFlight)) adjustSeats(oldFlight, originalClass as string, +1);

    const newSegments = getObjects(newFlight, "segments");
    const cabinChanged = originalClass !== targetClass;
    const result: JsonObject = {
      status: "success",
      confirmation_number: conf,
      new_journey: {
        journey_id: newJourneyId,
        num_stops: get(newFlight, "num_stops", 0),
        segments: cloneJson(get(newFlight, "segments", [])),
        departure: newSegments[0]?.["scheduled_departure"] ?? null,
        arrival: newSegments[newSegments.length - 1]?.["scheduled_arrival"] ?? null,
        origin: get(newFlight, "origin") ?? null,
        destination: get(newFlight, "destination") ?? null,
      },
      cost_summary: pyDict({
        original_fare_class: originalClass,
        new_fare_class: targetClass,
        cabin_changed: cabinChanged,
        change_fee: fee,
        fare_difference: fareDifference,
        credit_due: creditDue,
        total_collected: totalCollected,
        fee_waived: irrops || args.waive_change_fee,
      }),
      message: `Successfully rebooked to flight ${newJourneyId}` + (cabinChanged ? ` in ${targetClass}` : ""),
    };
    if (flightNo && replaced) {
      result["partial_rebook"] = true;
      result["replaced_segment"] = pyDict({
        flight_number: flightNo,
        origin: get(replaced, "origin") ?? null,
        destination: get(replaced, "destination") ?? null,
        fare_paid: pyGet(replaced, "fare_paid"),
      });
      result["kept_segments"] = keptInfo;
    }

    ctx.record(
      pyDict({
      action_type: "rebook_flight",
      confirmation_number: conf,
      old_journey_id: oldJourneyId,
      new_journey_id: newJourneyId,
      rebooking_type: rebooking,
      original_fare_class: originalClass,
      new_fare_class: targetClass,
      change_fee: fee,
      fare_difference: fareDifference,
      total_collected: totalCollected,
      partial_rebook: Boolean(flightNo),
      ...(flightNo ? { replaced_flight_number: flightNo } : {}),
      }),
    );
    return result;
  },
});
