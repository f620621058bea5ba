/**
 * What the airline's policy rules read from a call and the DB before it:
 * reservations, their flights' statuses on their dates, the booking user's
 * membership, payment methods. Everything returned is a copy (plain values),
 * so a rule's facts never alias the live DB.
 */
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { entry, getFlight, getFlightInstance, getReservation, getUser } from "../tools/db.js";

/**
 * The policy's "now": "The current time is 2024-05-15 15:00:00 EST." (policy.md,
 * first lines), the same instant the booking tool stamps on new reservations.
 */
export const POLICY_NOW = "2024-05-15T15:00:00";

/** Flight statuses that mean the plane has taken off ("flying": taken off, not landed; "landed"). */
const FLOWN = new Set(["flying", "landed"]);

export function text(value: JsonValue | undefined): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

export function num(value: JsonValue | undefined): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return NaN;
}

export interface LegStatus {
  readonly flight: string;
  readonly date: string;
  readonly origin: string;
  readonly destination: string;
  /** The dated flight's status in the flights table ("unknown" when it has none). */
  readonly status: string;
}

export interface ReservationView {
  readonly id: string;
  readonly userId: string;
  readonly origin: string;
  readonly destination: string;
  readonly flightType: string;
  readonly cabin: string;
  readonly insurance: string;
  readonly createdAt: string;
  readonly passengers: number;
  readonly totalBags: number;
  readonly nonfreeBags: number;
  readonly status: string;
  readonly legs: readonly LegStatus[];
}

export function legStatus(db: JsonObject, flightNumber: string, date: string): string {
  return text(entry(getFlightInstance(db, flightNumber, date), "status")) || "unknown";
}

export function reservationView(db: JsonObject, reservationId: string): ReservationView | undefined {
  const r = getReservation(db, reservationId);
  if (!r) return undefined;
  const flights = entry(r, "flights");
  const legs = (Array.isArray(flights) ? flights : []).filter(isJsonObject).map((f) => {
    const flight = text(entry(f, "flight_number"));
    const date = text(entry(f, "date"));
    return { flight, date, origin: text(entry(f, "origin")), destination: text(entry(f, "destination")), status: legStatus(db, flight, date) };
  });
  const passengers = entry(r, "passengers");
  return {
    id: text(entry(r, "reservation_id")) || reservationId,
    userId: text(entry(r, "user_id")),
    origin: text(entry(r, "origin")),
    destination: text(entry(r, "destination")),
    flightType: text(entry(r, "flight_type")),
    cabin: text(entry(r, "cabin")),
    insurance: text(entry(r, "insurance")) || "no",
    createdAt: text(entry(r, "created_at")),
    passengers: Array.isArray(passengers) ? passengers.length : 0,
    totalBags: num(entry(r, "total_baggages")),
    nonfreeBags: num(entry(r, "nonfree_baggages")),
    status: text(entry(r, "status")),
    legs,
  };
}

export const isFlown = (leg: LegStatus): boolean => FLOWN.has(leg.status);

/** `HAT170 2024-05-22 landed`: a leg as a fact. */
export const legText = (leg: LegStatus): string => `${leg.flight} ${leg.date} ${leg.status}`;

export function membership(db: JsonObject, userId: string): string {
  return text(entry(getUser(db, userId), "membership")) || "unknown";
}

/** A flight number's route from the flights table. */
export function route(db: JsonObject, flightNumber: string): { origin: string; destination: string } | undefined {
  const f = getFlight(db, flightNumber);
  return f ? { origin: text(entry(f, "origin")), destination: text(entry(f, "destination")) } : undefined;
}

/** The user's stored payment method's kind (`credit_card`, `gift_card`, `certificate`), or "not in profile". */
export function paymentSource(db: JsonObject, userId: string, paymentId: string): string {
  const method = entry(entry(getUser(db, userId), "payment_methods"), paymentId);
  return isJsonObject(method) ? text(entry(method, "source")) || "unknown" : "not in profile";
}

/** Free checked bags per passenger: policy.md, "Checked bag allowance", by membership then cabin. */
const FREE_BAGS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  regular: { basic_economy: 0, economy: 1, business: 2 },
  silver: { basic_economy: 1, economy: 2, business: 3 },
  gold: { basic_economy: 2, economy: 3, business: 4 },
};

export function freeBagsPerPassenger(member: string, cabin: string): number | undefined {
  return FREE_BAGS[member]?.[cabin];
}

/** Whole hours from `then` to `now` (ISO local times, no zone: both EST). */
export function hoursBetween(then: string, now: string): number {
  const a = Date.parse(`${then}Z`);
  const b = Date.parse(`${now}Z`);
  return Number.isNaN(a) || Number.isNaN(b) ? NaN : (b - a) / 3_600_000;
}

export function argText(args: JsonObject, key: string): string {
  return text(args[key]);
}
