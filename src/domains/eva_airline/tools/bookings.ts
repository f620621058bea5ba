/** Lookups and fare/seat arithmetic shared by the eva tools. */
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { get, getObject, getObjects, truthy } from "../../../python/dict.js";
import { num } from "./db-reads.js";
import { numAt, pySum, type PyNum } from "../../../python/num.js";

export type ErrorResult = JsonObject & { status: "error" };

export function reservationNotFound(confirmationNumber: string): ErrorResult {
  return { status: "error", error_type: "not_found", message: `Reservation ${confirmationNumber} not found` };
}

export function journeyNotFound(journeyId: string): ErrorResult {
  return { status: "error", error_type: "journey_not_found", message: `Journey ${journeyId} not found in reservation` };
}

/** Reservations are keyed by upper-case confirmation number. */
export function findReservation(db: JsonObject, confirmationNumber: string): JsonObject | undefined {
  return getObject(getObject(db, "reservations") ?? {}, confirmationNumber.toUpperCase());
}

/**
 * The booking for `journeyId`. A partial rebook leaves a cancelled original
 * and a confirmed "kept" booking under the same journey id: the first
 * non-cancelled one wins, else the first match.
 */
export function findBookingJourney(reservation: JsonObject, journeyId: string): JsonObject | undefined {
  let firstMatch: JsonObject | undefined;
  for (const booking of getObjects(reservation, "bookings")) {
    if (get(booking, "journey_id") !== journeyId) continue;
    firstMatch ??= booking;
    if (get(booking, "status") !== "cancelled") return booking;
  }
  return firstMatch;
}

/**
 * The booking segments a tool acts on: the one with `flightNumber` when given
 * (compared as typed, not upper-cased), else the only segment.
 */
export function findBookingSegments(booking: JsonObject, journeyId: string, flightNumber: string | undefined): JsonObject[] | ErrorResult {
  const segments = getObjects(booking, "segments");
  if (flightNumber) {
    const targets = segments.filter((s) => get(s, "flight_number") === flightNumber);
    if (targets.length === 0) {
      return { status: "error", error_type: "flight_not_found", message: `Flight ${flightNumber} not found in journey ${journeyId}` };
    }
    return targets;
  }
  if (segments.length === 1) return segments;
  return {
    status: "error",
    error_type: "flight_number_required",
    message: `Journey ${journeyId} has ${segments.length} segments; flight_number is required`,
  };
}

export function isErrorResult(v: JsonObject[] | ErrorResult): v is ErrorResult {
  return !Array.isArray(v);
}

/** A journey's fares are the total for all its segments together. */
export function journeyFares(journey: JsonObject): JsonObject {
  return getObject(journey, "fares") ?? {};
}

/** The booking's `fare_paid` when it has one, else the sum over its segments. */
export function bookingTotalFare(booking: JsonObject): PyNum {
  if (Object.prototype.hasOwnProperty.call(booking, "fare_paid")) return numAt(booking, "fare_paid");
  return pySum(getObjects(booking, "segments").map((s) => numAt(s, "fare_paid")));
}

/**
 * Seats per fare class over a whole journey: the first segment's classes,
 * each limited by the scarcest segment.
 */
export function journeyAvailableSeats(journey: JsonObject): Record<string, number> {
  const segments = getObjects(journey, "segments");
  const [first, ...rest] = segments;
  if (!first) return {};
  const result: Record<string, number> = {};
  for (const [fc, seats] of Object.entries(getObject(first, "available_seats") ?? {})) result[fc] = num(seats);
  for (const seg of rest) {
    const segSeats = getObject(seg, "available_seats") ?? {};
    for (const fc of Object.keys(result)) result[fc] = Math.min(result[fc] ?? 0, num(get(segSeats, fc, 0)));
  }
  return result;
}

/** Adds `delta` seats of `fareClass` on every segment of `journey` (creating `available_seats` if needed). */
export function adjustSeats(journey: JsonObject, fareClass: string, delta: number): void {
  for (const seg of getObjects(journey, "segments")) {
    const seats = getObject(seg, "available_seats") ?? (seg["available_seats"] = {});
    seats[fareClass] = num(get(seats, fareClass, 0)) + delta;
  }
}

/**
 * What a rebooked segment inherits from the booking it replaces. Bags and
 * meal request are passenger entitlements and carry over; the seat belongs
 * to the old aircraft and is re-assigned. (Upstream eva 0.1.3 resets bags to
 * 0 and the meal to None, yet its expected DBs keep the bag count; this
 * follows the expected DBs.) The source is the replaced segment of a partial
 * rebook, else the old segment at the same position, else the first one.
 */
export function carriedAncillaries(oldSegments: readonly JsonObject[], replaced: JsonObject | undefined, index: number): { bags_checked: JsonValue; meal_request: JsonValue } {
  const source = replaced ?? oldSegments[index] ?? oldSegments[0] ?? {};
  const bags = get(source, "bags_checked");
  return {
    bags_checked: truthy(bags) ? (bags as JsonValue) : 0,
    meal_request: get(source, "meal_request") ?? null,
  };
}
