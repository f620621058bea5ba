/**
 * One accepted and one rejected edit of a shipped scenario DB (7.2.2: one
 * reservation, a two-segment journey, a disruption) per test of eva 0.1.3's
 * `tests/unit/airline/test_scenario_db_schema.py` (commit 58637852d069).
 * Each verdict is eva's own: every edited DB was run through that test file
 * with pytest 9 (the files in eva's scenario folder): each accepted edit
 * passes all 52 tests, each rejected one fails its own test (and, for a few,
 * others too). The divergences (values no tool could use) come last.
 */
export type Db = Record<string, any>;

export const BASE = "7.2.2";
const CONF = "XGHYZ6";
const TWO_LEG = "FL_SK612_SK733_20260612";
const DIS = "SK312_2026-06-12";

export const res = (db: Db): Db => db["reservations"][CONF];
export const pax = (db: Db): Db => res(db)["passengers"][0];
export const booking = (db: Db): Db => res(db)["bookings"][0];
export const bseg = (db: Db): Db => booking(db)["segments"][0];
export const journey = (db: Db, id = TWO_LEG): Db => db["journeys"][id];
export const seg = (db: Db, i = 0): Db => journey(db)["segments"][i];
export const dis = (db: Db): Db => db["disruptions"][DIS];
const copy = <T>(v: T): T => structuredClone(v);

function renameKey(table: Db, from: string, to: string, field?: string): void {
  const entries = Object.entries(table);
  for (const k of Object.keys(table)) delete table[k];
  for (const [k, v] of entries) table[k === from ? to : k] = v;
  if (field) table[to][field] = to;
}

/** A second reservation on the one-leg journey FL_SK312_20260612, for a passenger id. */
function secondReservation(db: Db, paxId: string): void {
  const r = copy(res(db));
  r["confirmation_number"] = "QWERT7";
  r["passengers"][0]["passenger_id"] = paxId;
  db["reservations"]["QWERT7"] = r;
}

/** The reservation's booking moved to the two-leg journey, one segment per leg. */
function bookTwoLeg(db: Db): void {
  const b = booking(db);
  b["journey_id"] = TWO_LEG;
  const leg2 = copy(bseg(db));
  bseg(db)["flight_number"] = "SK612";
  leg2["flight_number"] = "SK733";
  b["segments"].push(leg2);
}

/** A third leg JFK-BOS on the two-leg journey, numbered 3. */
function thirdLeg(db: Db): void {
  const j = journey(db);
  const leg = copy(seg(db, 1));
  Object.assign(leg, { segment_number: 3, flight_number: "SK801", origin: "JFK", destination: "BOS" });
  j["segments"].push(leg);
  j["num_stops"] = 2;
  j["destination"] = "BOS";
}

export interface Probe {
  /** eva's test function. */
  readonly test: string;
  readonly accept: readonly [string, (db: Db) => void];
  readonly reject: readonly [string, (db: Db) => void];
}

export const PROBES: readonly Probe[] = [
  { test: "test_required_keys_present", accept: ["travel_credits left out (optional)", (db) => delete db["travel_credits"]], reject: ["disruptions left out", (db) => delete db["disruptions"]] },
  { test: "test_no_unexpected_keys", accept: ["an empty hotel_vouchers table", (db) => (db["hotel_vouchers"] = {})], reject: ["a session table", (db) => (db["session"] = {})] },
  { test: "test_current_date_format", accept: ["_current_date 2026-06-13", (db) => (db["_current_date"] = "2026-06-13")], reject: ["_current_date 2026/06/12", (db) => (db["_current_date"] = "2026/06/12")] },
  { test: "test_tables_are_dicts", accept: ["meal_vouchers {}", (db) => (db["meal_vouchers"] = {})], reject: ["travel_credits []", (db) => (db["travel_credits"] = [])] },
  {
    test: "test_key_matches_confirmation_number",
    accept: ["key and field both XGHYZ7", (db) => renameKey(db["reservations"], CONF, "XGHYZ7", "confirmation_number")],
    reject: ["field XGHYZ7 under key XGHYZ6", (db) => (res(db)["confirmation_number"] = "XGHYZ7")],
  },
  { test: "test_reservation_fields", accept: ["an unknown field on the reservation", (db) => (res(db)["notes"] = "x")], reject: ["fare_type left out", (db) => delete res(db)["fare_type"]] },
  { test: "test_reservation_status_enum", accept: ["status changed", (db) => (res(db)["status"] = "changed")], reject: ["status active", (db) => (res(db)["status"] = "active")] },
  { test: "test_reservation_fare_type_enum", accept: ["fare_type refundable", (db) => (res(db)["fare_type"] = "refundable")], reject: ["fare_type flexible", (db) => (res(db)["fare_type"] = "flexible")] },
  {
    test: "test_booking_date_format",
    accept: ["booking_date with fractions and an offset (a prefix match)", (db) => (res(db)["booking_date"] = "2026-05-28T09:22:00.123+05:30")],
    reject: ["booking_date with a space for T", (db) => (res(db)["booking_date"] = "2026-05-28 09:22:00")],
  },
  { test: "test_ancillaries_fields", accept: ["bags_fee an int", (db) => (res(db)["ancillaries"]["bags_fee"] = 35)], reject: ['bags_fee "35"', (db) => (res(db)["ancillaries"]["bags_fee"] = "35")] },
  {
    test: "test_passengers_not_empty",
    accept: ["a second passenger PAX002", (db) => res(db)["passengers"].push({ ...copy(pax(db)), passenger_id: "PAX002" })],
    reject: ["no passengers", (db) => (res(db)["passengers"] = [])],
  },
  {
    test: "test_passenger_fields",
    accept: ["meal_preference and seat_preference null", (db) => Object.assign(pax(db), { meal_preference: null, seat_preference: null })],
    reject: ["first_name null", (db) => (pax(db)["first_name"] = null)],
  },
  { test: "test_passenger_ids_unique_across_reservations", accept: ["a second reservation for PAX002", (db) => secondReservation(db, "PAX002")], reject: ["a second reservation for PAX001", (db) => secondReservation(db, "PAX001")] },
  { test: "test_passenger_id_format", accept: ["passenger_id PAX042", (db) => (pax(db)["passenger_id"] = "PAX042")], reject: ["passenger_id PAX1234", (db) => (pax(db)["passenger_id"] = "PAX1234")] },
  {
    test: "test_bookings_not_empty",
    accept: ["a second booking on FL_SK733_20260612", (db) => res(db)["bookings"].push({ ...copy(booking(db)), journey_id: "FL_SK733_20260612", segments: [{ ...copy(bseg(db)), flight_number: "SK733" }] })],
    reject: ["no bookings", (db) => (res(db)["bookings"] = [])],
  },
  { test: "test_booking_journey_fields", accept: ["fare_paid an int", (db) => (booking(db)["fare_paid"] = 200)], reject: ['fare_paid "200"', (db) => (booking(db)["fare_paid"] = "200")] },
  { test: "test_booking_fare_class_enum", accept: ["fare_class business", (db) => (booking(db)["fare_class"] = "business")], reject: ["fare_class economy", (db) => (booking(db)["fare_class"] = "economy")] },
  { test: "test_booking_status_enum", accept: ["status cancelled", (db) => (booking(db)["status"] = "cancelled")], reject: ["status changed", (db) => (booking(db)["status"] = "changed")] },
  { test: "test_booking_segment_fields", accept: ['meal_request "extra pickles" (any string)', (db) => (bseg(db)["meal_request"] = "extra pickles")], reject: ["seat 12 (a number)", (db) => (bseg(db)["seat"] = 12)] },
  {
    test: "test_booking_segment_date_format",
    accept: [
      "segment date 2026-06-13, with its own journey",
      (db) => {
        db["journeys"]["FL_SK312_20260613"] = { ...copy(journey(db, "FL_SK312_20260612")), journey_id: "FL_SK312_20260613", date: "2026-06-13" };
        bseg(db)["date"] = "2026-06-13";
      },
    ],
    reject: ["segment date 2026-6-12", (db) => (bseg(db)["date"] = "2026-6-12")],
  },
  {
    test: "test_booking_journey_references_valid_journey",
    accept: [
      "the booking moved to FL_SK410_20260612",
      (db) => {
        booking(db)["journey_id"] = "FL_SK410_20260612";
        bseg(db)["flight_number"] = "SK410";
      },
    ],
    reject: ["journey_id FL_SK999_20260612", (db) => (booking(db)["journey_id"] = "FL_SK999_20260612")],
  },
  {
    test: "test_confirmation_numbers_are_uppercase",
    accept: ["key and field ZZ-001 (any upper-case string)", (db) => renameKey(db["reservations"], CONF, "ZZ-001", "confirmation_number")],
    reject: ["key and field xghyz6", (db) => renameKey(db["reservations"], CONF, "xghyz6", "confirmation_number")],
  },
  {
    test: "test_key_matches_journey_id",
    accept: ["the two-leg journey keyed and named MIAJFK-1 (any string)", (db) => renameKey(db["journeys"], TWO_LEG, "MIAJFK-1", "journey_id")],
    reject: ["journey_id MIAJFK-1 under its old key", (db) => (journey(db)["journey_id"] = "MIAJFK-1")],
  },
  { test: "test_journey_fields", accept: ["bookable false", (db) => (journey(db)["bookable"] = false)], reject: ['bookable "yes"', (db) => (journey(db)["bookable"] = "yes")] },
  { test: "test_journey_date_format", accept: ["date 2026-06-13", (db) => (journey(db)["date"] = "2026-06-13")], reject: ["date 12/06/2026", (db) => (journey(db)["date"] = "12/06/2026")] },
  { test: "test_journey_status_enum", accept: ["status departed", (db) => (journey(db)["status"] = "departed")], reject: ["status boarding", (db) => (journey(db)["status"] = "boarding")] },
  { test: "test_journey_fares_keys", accept: ["fares.first null", (db) => (journey(db)["fares"]["first"] = null)], reject: ["fares.first left out", (db) => delete journey(db)["fares"]["first"]] },
  { test: "test_journey_fares_values", accept: ["fares.main_cabin an int", (db) => (journey(db)["fares"]["main_cabin"] = 199)], reject: ['fares.main_cabin "199"', (db) => (journey(db)["fares"]["main_cabin"] = "199")] },
  {
    test: "test_journey_segments_not_empty",
    accept: ["the two-leg journey cut to its first leg, MIA-CLT", (db) => Object.assign(journey(db), { segments: [seg(db, 0)], num_stops: 0, destination: "CLT" })],
    reject: ["no segments (num_stops -1)", (db) => Object.assign(journey(db), { segments: [], num_stops: -1 })],
  },
  { test: "test_journey_num_stops_consistent", accept: ["a third leg with num_stops 2", thirdLeg], reject: ["num_stops 0 with two segments", (db) => (journey(db)["num_stops"] = 0)] },
  { test: "test_journey_segment_fields", accept: ['gate "B12"', (db) => (seg(db)["gate"] = "B12")], reject: ["origin_utc_offset 5.5", (db) => (seg(db)["origin_utc_offset"] = 5.5)] },
  {
    test: "test_journey_segment_numbers_sequential",
    accept: ["a third leg numbered 3", thirdLeg],
    reject: ["the second leg numbered 3", (db) => (seg(db, 1)["segment_number"] = 3)],
  },
  { test: "test_journey_segment_status_enum", accept: ["segment status cancelled", (db) => (seg(db)["status"] = "cancelled")], reject: ["segment status late", (db) => (seg(db)["status"] = "late")] },
  { test: "test_journey_segment_time_formats", accept: ["scheduled_departure 23:59", (db) => (seg(db)["scheduled_departure"] = "23:59")], reject: ["scheduled_departure 9:30", (db) => (seg(db)["scheduled_departure"] = "9:30")] },
  { test: "test_journey_segment_available_seats_keys", accept: ["available_seats.first 5", (db) => (seg(db)["available_seats"]["first"] = 5)], reject: ["available_seats.first left out", (db) => delete seg(db)["available_seats"]["first"]] },
  {
    test: "test_journey_segment_available_seats_values",
    accept: ["available_seats.main_cabin 0 with no seat types", (db) => Object.assign(seg(db), { available_seats: { ...seg(db)["available_seats"], main_cabin: 0 }, available_seat_types: { ...seg(db)["available_seat_types"], main_cabin: [] } })],
    reject: ["available_seats.main_cabin -1", (db) => (seg(db)["available_seats"]["main_cabin"] = -1)],
  },
  {
    test: "test_journey_segment_available_seat_types_keys",
    accept: ['available_seat_types.main_cabin ["window", "window"]', (db) => (seg(db)["available_seat_types"]["main_cabin"] = ["window", "window"])],
    reject: ["available_seat_types.first left out", (db) => delete seg(db)["available_seat_types"]["first"]],
  },
  {
    test: "test_journey_segment_available_seat_types_values",
    accept: ['available_seat_types.main_cabin ["middle"]', (db) => (seg(db)["available_seat_types"]["main_cabin"] = ["middle"])],
    reject: ['available_seat_types.main_cabin ["exit_row"]', (db) => (seg(db)["available_seat_types"]["main_cabin"] = ["exit_row"])],
  },
  {
    test: "test_zero_seats_means_empty_seat_types",
    accept: ['available_seats.first 2 with ["window"]', (db) => Object.assign(seg(db), { available_seats: { ...seg(db)["available_seats"], first: 2 }, available_seat_types: { ...seg(db)["available_seat_types"], first: ["window"] } })],
    reject: ['available_seats.first 0 with ["window"]', (db) => (seg(db)["available_seat_types"]["first"] = ["window"])],
  },
  { test: "test_journey_segment_fares_keys", accept: ["segment fares.first null", (db) => (seg(db)["fares"]["first"] = null)], reject: ["segment fares.first left out", (db) => delete seg(db)["fares"]["first"]] },
  { test: "test_journey_segment_fares_values", accept: ["segment fares.main_cabin 99.5", (db) => (seg(db)["fares"]["main_cabin"] = 99.5)], reject: ['segment fares.main_cabin "99.5"', (db) => (seg(db)["fares"]["main_cabin"] = "99.5")] },
  {
    test: "test_journey_origin_destination_chain",
    accept: [
      "both legs through RDU",
      (db) => {
        seg(db, 0)["destination"] = "RDU";
        seg(db, 1)["origin"] = "RDU";
      },
    ],
    reject: ["the second leg from ATL", (db) => (seg(db, 1)["origin"] = "ATL")],
  },
  {
    test: "test_disruption_key_format",
    accept: [
      "the disruption on 2026-06-13, keyed to match",
      (db) => {
        dis(db)["date"] = "2026-06-13";
        renameKey(db["disruptions"], DIS, "SK312_2026-06-13");
      },
    ],
    reject: ["keyed SK312", (db) => renameKey(db["disruptions"], DIS, "SK312")],
  },
  { test: "test_disruption_fields", accept: ["delay_minutes null", (db) => (dis(db)["delay_minutes"] = null)], reject: ['is_irrops "no"', (db) => (dis(db)["is_irrops"] = "no")] },
  {
    test: "test_disruption_date_format",
    accept: [
      "date 2026-06-11, keyed to match",
      (db) => {
        dis(db)["date"] = "2026-06-11";
        renameKey(db["disruptions"], DIS, "SK312_2026-06-11");
      },
    ],
    reject: [
      "date 20260612, keyed to match",
      (db) => {
        dis(db)["date"] = "20260612";
        renameKey(db["disruptions"], DIS, "SK312_20260612");
      },
    ],
  },
  { test: "test_disruption_type_enum", accept: ["disruption_type schedule_change", (db) => (dis(db)["disruption_type"] = "schedule_change")], reject: ["disruption_type diversion", (db) => (dis(db)["disruption_type"] = "diversion")] },
  { test: "test_disruption_cause_category_enum", accept: ["cause_category weather", (db) => (dis(db)["cause_category"] = "weather")], reject: ["cause_category operational", (db) => (dis(db)["cause_category"] = "operational")] },
  {
    test: "test_entitlement_fields",
    accept: ["rebooking_window_days 3", (db) => (dis(db)["passenger_entitled_to"]["rebooking_window_days"] = 3)],
    reject: ['rebooking_window_days "3"', (db) => (dis(db)["passenger_entitled_to"]["rebooking_window_days"] = "3")],
  },
  {
    test: "test_booking_journey_ids_exist_in_journeys",
    accept: [
      "the booking moved to FL_SK488_20260612",
      (db) => {
        booking(db)["journey_id"] = "FL_SK488_20260612";
        bseg(db)["flight_number"] = "SK488";
      },
    ],
    reject: ["journey_id FL_SK312_20260613", (db) => (booking(db)["journey_id"] = "FL_SK312_20260613")],
  },
  {
    test: "test_booking_segment_flights_exist_in_journey",
    accept: ["the booking on the two-leg journey, SK612 and SK733", bookTwoLeg],
    reject: ["a segment SK410 on journey FL_SK312_20260612", (db) => (bseg(db)["flight_number"] = "SK410")],
  },
  {
    test: "test_booking_segments_have_own_journey_entry",
    accept: ["the booking on the two-leg journey (each leg has its own journey)", bookTwoLeg],
    reject: [
      "the booking on the two-leg journey, FL_SK733_20260612 removed",
      (db) => {
        bookTwoLeg(db);
        delete db["journeys"]["FL_SK733_20260612"];
      },
    ],
  },
  {
    test: "test_disruption_flight_exists_in_journeys",
    accept: [
      "the disruption moved to SK733",
      (db) => {
        dis(db)["flight_number"] = "SK733";
        renameKey(db["disruptions"], DIS, "SK733_2026-06-12");
      },
    ],
    reject: [
      "the disruption moved to SK999",
      (db) => {
        dis(db)["flight_number"] = "SK999";
        renameKey(db["disruptions"], DIS, "SK999_2026-06-12");
      },
    ],
  },
];

/** Edits eva's test accepts and evalsim refuses, or the other way: the recorded divergence eva-schema-unusable-values. */
export const DIVERGENCE_PROBES: readonly { readonly what: string; readonly eva: "accepts" | "rejects"; readonly edit: (db: Db) => void; readonly spell?: (text: string) => string }[] = [
  { what: "_current_date 2026-02-30 (matches eva's DATE_RE; no calendar date)", eva: "accepts", edit: (db) => (db["_current_date"] = "2026-02-30") },
  { what: "journey date 2026-06-31", eva: "accepts", edit: (db) => (journey(db)["date"] = "2026-06-31") },
  { what: "scheduled_departure 24:30 (matches eva's TIME_RE; no time of day)", eva: "accepts", edit: (db) => (seg(db)["scheduled_departure"] = "24:30") },
  { what: "bags_checked true (Python's bool is an int)", eva: "accepts", edit: (db) => (bseg(db)["bags_checked"] = true) },
  {
    what: "a segment's origin_utc_offset written -4.0 (a float where eva's test wants an int)",
    eva: "rejects",
    edit: () => undefined,
    spell: (text) => text.replace('"origin_utc_offset":-4,', '"origin_utc_offset":-4.0,'),
  },
];
