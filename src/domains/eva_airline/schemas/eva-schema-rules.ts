/**
 * The rules of eva 0.1.3's `tests/unit/airline/test_scenario_db_schema.py`
 * (commit 58637852d069) that are more than a field's type: enums, formats,
 * non-empty lists and the cross-record rules. Each rule is named by the eva
 * test that checks it, and runs on a DB whose shape already fits
 * `EvaScenarioDbSchema` (which carries the type tables), so together they
 * accept and refuse what eva's test does. A scenario file must meet them;
 * the DBs tools produce need not (a rebooking can leave a seat count at 0
 * with its seat types listed, and the expected DBs carry `session`).
 *
 * NeMo's harness loads a scenario DB with a plain `json.loads`
 * (scenarios/data/eva_airline/base.py:136 at 1a83139) and checks none of
 * this, so a refusal says so: the DB breaks eva's contract, not NeMo's.
 */
import { FARE_CLASSES, EvaScenarioDbSchema, type EvaScenarioDb } from "./scenario-db.js";

export const RESERVATION_STATUSES = ["confirmed", "changed", "cancelled"] as const;
export const FARE_TYPES = ["refundable", "non_refundable"] as const;
export const BOOKING_STATUSES = ["confirmed", "cancelled"] as const;
export const JOURNEY_STATUSES = ["scheduled", "on_time", "delayed", "cancelled", "departed"] as const;
export const DISRUPTION_TYPES = ["cancellation", "delay", "schedule_change"] as const;
export const CAUSE_CATEGORIES = ["weather", "airline_fault", "mechanical"] as const;
/** eva's ALL_TOP_KEYS. */
export const TOP_KEYS = ["_current_date", "reservations", "journeys", "disruptions", "travel_credits", "meal_vouchers", "hotel_vouchers", "refunds"] as const;

// Python's `re` \d is any Unicode decimal digit; eva's patterns are matched with `re.match` (a prefix for booking_date).
const PASSENGER_ID = /^PAX\p{Nd}{3}$/u;
const ISO_DATETIME_PREFIX = /^\p{Nd}{4}-\p{Nd}{2}-\p{Nd}{2}T\p{Nd}{2}:\p{Nd}{2}:\p{Nd}{2}/u;

type Path = (string | number)[];
interface Problem {
  readonly path: Path;
  readonly expected: string;
}

export interface EvaSchemaRule {
  /** The eva test function that checks it. */
  readonly name: string;
  readonly check: (db: EvaScenarioDb) => Problem[];
}

const quoted = (values: readonly string[]): string => `one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;
const has = (values: readonly string[], v: unknown): boolean => typeof v === "string" && values.includes(v);
const reservations = (db: EvaScenarioDb) => Object.entries(db.reservations);
const journeys = (db: EvaScenarioDb) => Object.entries(db.journeys);

function eachSegment(db: EvaScenarioDb, f: (jid: string, i: number, seg: EvaScenarioDb["journeys"][string]["segments"][number]) => Problem[]): Problem[] {
  return journeys(db).flatMap(([jid, j]) => j.segments.flatMap((seg, i) => f(jid, i, seg)));
}

function eachBooking(db: EvaScenarioDb, f: (conf: string, i: number, bk: EvaScenarioDb["reservations"][string]["bookings"][number]) => Problem[]): Problem[] {
  return reservations(db).flatMap(([conf, r]) => r.bookings.flatMap((bk, i) => f(conf, i, bk)));
}

/** Every fare class as a key: the missing ones (unknown keys are refused by the shape). */
const missingClasses = (obj: object, at: Path, what: string): Problem[] => FARE_CLASSES.filter((fc) => !Object.hasOwn(obj, fc)).map((fc) => ({ path: [...at, fc], expected: `${what} for every fare class` }));

export const EVA_SCHEMA_RULES: readonly EvaSchemaRule[] = [
  {
    name: "test_no_unexpected_keys",
    check: (db) => Object.keys(db).filter((k) => !has(TOP_KEYS, k)).map((k) => ({ path: [k], expected: `no such table (a scenario DB holds ${TOP_KEYS.join(", ")})` })),
  },
  { name: "test_reservation_status_enum", check: (db) => reservations(db).flatMap(([c, r]) => (has(RESERVATION_STATUSES, r.status) ? [] : [{ path: ["reservations", c, "status"], expected: quoted(RESERVATION_STATUSES) }])) },
  { name: "test_reservation_fare_type_enum", check: (db) => reservations(db).flatMap(([c, r]) => (has(FARE_TYPES, r.fare_type) ? [] : [{ path: ["reservations", c, "fare_type"], expected: quoted(FARE_TYPES) }])) },
  {
    name: "test_booking_date_format",
    check: (db) => reservations(db).flatMap(([c, r]) => (ISO_DATETIME_PREFIX.test(r.booking_date) ? [] : [{ path: ["reservations", c, "booking_date"], expected: "an ISO date-time (YYYY-MM-DDTHH:MM:SS...)" }])),
  },
  { name: "test_passengers_not_empty", check: (db) => reservations(db).flatMap(([c, r]) => (r.passengers.length > 0 ? [] : [{ path: ["reservations", c, "passengers"], expected: "at least one passenger" }])) },
  {
    name: "test_passenger_ids_unique_across_reservations",
    check: (db) => {
      const seen = new Map<string, string>();
      const out: Problem[] = [];
      for (const [c, r] of reservations(db)) {
        r.passengers.forEach((p, i) => {
          const other = seen.get(p.passenger_id);
          if (other !== undefined) out.push({ path: ["reservations", c, "passengers", i, "passenger_id"], expected: `a passenger id no other reservation holds (reservation ${other} has it)` });
          else seen.set(p.passenger_id, c);
        });
      }
      return out;
    },
  },
  {
    name: "test_passenger_id_format",
    check: (db) => reservations(db).flatMap(([c, r]) => r.passengers.flatMap((p, i) => (PASSENGER_ID.test(p.passenger_id) ? [] : [{ path: ["reservations", c, "passengers", i, "passenger_id"], expected: "a passenger id (PAX and 3 digits)" }]))),
  },
  { name: "test_bookings_not_empty", check: (db) => reservations(db).flatMap(([c, r]) => (r.bookings.length > 0 ? [] : [{ path: ["reservations", c, "bookings"], expected: "at least one booking" }])) },
  { name: "test_booking_fare_class_enum", check: (db) => eachBooking(db, (c, i, bk) => (has(FARE_CLASSES, bk.fare_class) ? [] : [{ path: ["reservations", c, "bookings", i, "fare_class"], expected: quoted(FARE_CLASSES) }])) },
  { name: "test_booking_status_enum", check: (db) => eachBooking(db, (c, i, bk) => (has(BOOKING_STATUSES, bk.status) ? [] : [{ path: ["reservations", c, "bookings", i, "status"], expected: quoted(BOOKING_STATUSES) }])) },
  {
    name: "test_booking_journey_references_valid_journey",
    check: (db) => eachBooking(db, (c, i, bk) => (Object.hasOwn(db.journeys, bk.journey_id) ? [] : [{ path: ["reservations", c, "bookings", i, "journey_id"], expected: "the id of a journey in journeys" }])),
  },
  {
    name: "test_confirmation_numbers_are_uppercase",
    check: (db) => reservations(db).flatMap(([c]) => (c === c.toUpperCase() ? [] : [{ path: ["reservations", c], expected: `an upper-case confirmation number as the key (the tools upper-case it before the lookup: ${JSON.stringify(c.toUpperCase())})` }])),
  },
  { name: "test_journey_status_enum", check: (db) => journeys(db).flatMap(([id, j]) => (has(JOURNEY_STATUSES, j.status) ? [] : [{ path: ["journeys", id, "status"], expected: quoted(JOURNEY_STATUSES) }])) },
  { name: "test_journey_fares_keys", check: (db) => journeys(db).flatMap(([id, j]) => missingClasses(j.fares, ["journeys", id, "fares"], "a fare")) },
  { name: "test_journey_segments_not_empty", check: (db) => journeys(db).flatMap(([id, j]) => (j.segments.length > 0 ? [] : [{ path: ["journeys", id, "segments"], expected: "at least one segment" }])) },
  {
    name: "test_journey_num_stops_consistent",
    check: (db) => journeys(db).flatMap(([id, j]) => (j.num_stops === j.segments.length - 1 ? [] : [{ path: ["journeys", id, "num_stops"], expected: `${j.segments.length - 1} (one less than the journey's ${j.segments.length} segments)` }])),
  },
  {
    name: "test_journey_segment_numbers_sequential",
    check: (db) => eachSegment(db, (id, i, seg) => (seg.segment_number === i + 1 ? [] : [{ path: ["journeys", id, "segments", i, "segment_number"], expected: `${i + 1} (segments are numbered 1, 2, ... in order)` }])),
  },
  { name: "test_journey_segment_status_enum", check: (db) => eachSegment(db, (id, i, seg) => (has(JOURNEY_STATUSES, seg.status) ? [] : [{ path: ["journeys", id, "segments", i, "status"], expected: quoted(JOURNEY_STATUSES) }])) },
  { name: "test_journey_segment_available_seats_keys", check: (db) => eachSegment(db, (id, i, seg) => missingClasses(seg.available_seats, ["journeys", id, "segments", i, "available_seats"], "a seat count")) },
  {
    name: "test_journey_segment_available_seat_types_keys",
    check: (db) => eachSegment(db, (id, i, seg) => missingClasses(seg.available_seat_types, ["journeys", id, "segments", i, "available_seat_types"], "a list of seat types")),
  },
  {
    name: "test_zero_seats_means_empty_seat_types",
    check: (db) =>
      eachSegment(db, (id, i, seg) =>
        FARE_CLASSES.filter((fc) => (seg.available_seats[fc] ?? 0) === 0 && (seg.available_seat_types[fc] ?? []).length > 0).map((fc) => ({
          path: ["journeys", id, "segments", i, "available_seat_types", fc],
          expected: `an empty list (available_seats.${fc} is 0)`,
        })),
      ),
  },
  { name: "test_journey_segment_fares_keys", check: (db) => eachSegment(db, (id, i, seg) => missingClasses(seg.fares, ["journeys", id, "segments", i, "fares"], "a fare")) },
  {
    name: "test_journey_origin_destination_chain",
    check: (db) =>
      journeys(db).flatMap(([id, j]) => {
        const segs = j.segments;
        const first = segs[0];
        const last = segs[segs.length - 1];
        if (first === undefined || last === undefined) return [];
        const out: Problem[] = [];
        for (let k = 0; k + 1 < segs.length; k++) {
          const dest = segs[k]?.destination;
          if (segs[k + 1]?.origin !== dest) out.push({ path: ["journeys", id, "segments", k + 1, "origin"], expected: `${JSON.stringify(dest)} (segment ${k}'s destination)` });
        }
        if (first.origin !== j.origin) out.push({ path: ["journeys", id, "segments", 0, "origin"], expected: `${JSON.stringify(j.origin)} (the journey's origin)` });
        if (last.destination !== j.destination) out.push({ path: ["journeys", id, "segments", segs.length - 1, "destination"], expected: `${JSON.stringify(j.destination)} (the journey's destination)` });
        return out;
      }),
  },
  {
    name: "test_disruption_key_format",
    check: (db) => Object.entries(db.disruptions).flatMap(([k, d]) => (k === `${d.flight_number}_${d.date}` ? [] : [{ path: ["disruptions", k], expected: `the key ${JSON.stringify(`${d.flight_number}_${d.date}`)} (<flight_number>_<date>)` }])),
  },
  { name: "test_disruption_type_enum", check: (db) => Object.entries(db.disruptions).flatMap(([k, d]) => (has(DISRUPTION_TYPES, d.disruption_type) ? [] : [{ path: ["disruptions", k, "disruption_type"], expected: quoted(DISRUPTION_TYPES) }])) },
  {
    name: "test_disruption_cause_category_enum",
    check: (db) => Object.entries(db.disruptions).flatMap(([k, d]) => (has(CAUSE_CATEGORIES, d.cause_category) ? [] : [{ path: ["disruptions", k, "cause_category"], expected: quoted(CAUSE_CATEGORIES) }])),
  },
  {
    name: "test_booking_segment_flights_exist_in_journey",
    check: (db) =>
      eachBooking(db, (c, i, bk) => {
        const journey = db.journeys[bk.journey_id];
        if (journey === undefined) return [];
        const flights = new Set(journey.segments.map((s) => s.flight_number));
        return bk.segments.flatMap((seg, j) => (flights.has(seg.flight_number) ? [] : [{ path: ["reservations", c, "bookings", i, "segments", j, "flight_number"], expected: `a flight of journey ${bk.journey_id}` }]));
      }),
  },
  {
    name: "test_booking_segments_have_own_journey_entry",
    check: (db) =>
      eachBooking(db, (c, i, bk) =>
        bk.segments.flatMap((seg, j) => {
          const key = `FL_${seg.flight_number}_${seg.date.replaceAll("-", "")}`;
          return Object.hasOwn(db.journeys, key) ? [] : [{ path: ["reservations", c, "bookings", i, "segments", j, "flight_number"], expected: `a flight with its own journey ${key} in journeys` }];
        }),
      ),
  },
  {
    name: "test_disruption_flight_exists_in_journeys",
    check: (db) => {
      const flights = new Set(Object.values(db.journeys).flatMap((j) => j.segments.map((s) => s.flight_number)));
      return Object.entries(db.disruptions).flatMap(([k, d]) => (flights.has(d.flight_number) ? [] : [{ path: ["disruptions", k, "flight_number"], expected: "a flight of some journey's segments" }]));
    },
  },
];

/** The hint every rule's refusal carries. */
export const evaRuleHint = (name: string): string => `eva 0.1.3's ${name} refuses it; NeMo's harness loads the DB without this check`;

/** A scenario file: the shape, and every rule of eva's schema test. */
export const EvaScenarioFileSchema = EvaScenarioDbSchema.superRefine((db, ctx) => {
  for (const rule of EVA_SCHEMA_RULES) {
    for (const p of rule.check(db)) ctx.addIssue({ code: "custom", path: p.path, message: `${p.expected} (${evaRuleHint(rule.name)})` });
  }
});
