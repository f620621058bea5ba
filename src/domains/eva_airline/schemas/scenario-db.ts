/**
 * `eva_airline/<id>.json`: one scenario's world state, and the same shape
 * after tools ran (`ground_truth.expected_scenario_db` in the dataset).
 *
 * eva ships no data model for these files; the tools read them as plain
 * dicts, and eva 0.1.3's `tests/unit/airline/test_scenario_db_schema.py` is
 * the contract: the fields it checks have its types here. Fields it leaves
 * unchecked (optional ones, the records of the tool-written tables) are typed
 * as the tools write them, with the id formats and enums of the tool
 * parameter models (`eva_airline_params.py`). Every object admits unknown
 * fields.
 */
import { z } from "zod";
import { enumKeyed, int, isoDate, pattern, recordKeyedBy } from "../../../loaders/schema-parts.js";

export const FARE_CLASSES = ["basic_economy", "main_cabin", "premium_economy", "business", "first"] as const;
export const SEAT_PREFERENCES = ["window", "aisle", "middle", "no_preference"] as const;
export const MEAL_TYPES = [
  "vegetarian",
  "vegan",
  "kosher",
  "halal",
  "gluten_free",
  "diabetic",
  "low_sodium",
  "child",
  "hindu",
  "none",
  "standard",
] as const;
export const CREDIT_REASONS = [
  "cancellation_non_refundable",
  "fare_difference_negative",
  "service_recovery",
  "goodwill",
  "downgrade_compensation",
] as const;
export const VOUCHER_REASONS = [
  "delay_over_2_hours",
  "delay_over_4_hours",
  "cancellation_wait_same_day",
  "irrops_overnight",
] as const;
export const REFUND_TYPES = ["full_fare", "partial_fare", "taxes_only", "ancillary_fees"] as const;

// Tool-written and optional fields eva's schema test leaves unchecked keep the formats the tools write.
const ConfirmationNumber = pattern(/^[A-Za-z0-9]{6}$/, "a confirmation number (6 letters or digits)");
const JourneyId = pattern(/^FL_(?:[A-Za-z]{2,3}\d{1,4}_)+\d{8}$/, "a journey id (FL_<flight>_<YYYYMMDD>)");
const PassengerId = pattern(/^PAX\d+$/, "a passenger id (PAX<digits>)");
const AirportCode = pattern(/^[A-Za-z]{3}$/, "a 3-letter airport code");
// Tools sort options by these strings, so the zero-padded form matters.
const ClockTime = pattern(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "a time (HH:MM)");
const Fare = z.number().nullable();
const str = () => z.string();

// The fields eva 0.1.3's `test_scenario_db_schema.py` checks have its types
// (its *_FIELDS tables); its enums, formats and cross-record rules are in
// eva-schema-rules.ts. Dates and clock times are calendar- and clock-checked
// (a recorded divergence: eva's patterns take 2026-02-30 and 24:30).
const ReservationSegment = z.looseObject({
  flight_number: str(),
  date: isoDate(),
  fare_paid: z.number(),
  seat: str().nullable(),
  bags_checked: int(),
  meal_request: str().nullable(),
  origin: AirportCode.optional(),
  destination: AirportCode.optional(),
});

const Booking = z.looseObject({
  journey_id: str(),
  fare_class: str(),
  fare_paid: z.number(),
  status: str(),
  segments: z.array(ReservationSegment),
});

const ReservationPassenger = z.looseObject({
  passenger_id: str(),
  first_name: str(),
  last_name: str(),
  email: str(),
  phone: str(),
  ticket_number: str(),
  elite_status: str().nullable(),
  meal_preference: str().nullable(),
  seat_preference: str().nullable(),
});

const ReservationStandby = z.looseObject({
  journey_id: JourneyId,
  passenger_ids: z.array(PassengerId),
  position: int(),
  status: str(),
});

const Reservation = z.looseObject({
  confirmation_number: str(),
  status: str(),
  fare_type: str(),
  booking_date: str(),
  passengers: z.array(ReservationPassenger),
  bookings: z.array(Booking),
  ancillaries: z.looseObject({ bags_fee: z.number(), seat_selection_fee: z.number() }),
  standby_list: z.array(ReservationStandby).optional(),
  payment_history: z.array(z.looseObject({})).optional(),
  agent_notes: z.array(z.looseObject({})).optional(),
});

const JourneySegment = z.looseObject({
  segment_number: int(),
  flight_number: str(),
  origin: str(),
  destination: str(),
  scheduled_departure: ClockTime,
  scheduled_arrival: ClockTime,
  estimated_departure: ClockTime.optional(),
  estimated_arrival: ClockTime.optional(),
  duration_minutes: int(),
  origin_utc_offset: int(),
  destination_utc_offset: int(),
  aircraft_type: str(),
  status: str(),
  gate: str().nullable(),
  delay_minutes: int().nullable(),
  delay_reason: str().nullable(),
  cancellation_reason: str().nullable(),
  available_seats: enumKeyed(FARE_CLASSES, int().min(0)),
  available_seat_types: enumKeyed(FARE_CLASSES, z.array(z.enum(["window", "aisle", "middle"]))),
  fares: enumKeyed(FARE_CLASSES, Fare),
});

const JourneyStandby = z.looseObject({
  confirmation_number: ConfirmationNumber,
  passenger_id: PassengerId,
  position: int(),
});

const Journey = z.looseObject({
  journey_id: str(),
  date: isoDate(),
  origin: str(),
  destination: str(),
  num_stops: int(),
  total_duration_minutes: int(),
  bookable: z.boolean(),
  status: str(),
  fares: enumKeyed(FARE_CLASSES, Fare),
  segments: z.array(JourneySegment),
  standby_list: z.array(JourneyStandby).optional(),
});

const Disruption = z.looseObject({
  flight_number: str(),
  date: isoDate(),
  disruption_type: str(),
  cause: str(),
  cause_category: str(),
  delay_minutes: int().nullable(),
  is_irrops: z.boolean(),
  passenger_entitled_to: z.looseObject({
    fee_waiver: z.boolean(),
    hotel_accommodation: z.boolean(),
    meal_voucher: z.boolean(),
    rebooking_window_days: int(),
    refund_option: z.boolean(),
  }),
});

// The next four tables are written by tools; amounts and nights are
// positive because the tool parameter models require them to be.
const TravelCredit = z.looseObject({
  credit_code: z.string(),
  confirmation_number: ConfirmationNumber,
  passenger_id: PassengerId,
  amount: z.number().positive(),
  credit_reason: z.enum(CREDIT_REASONS),
  issued_date: isoDate(),
  expiry_date: isoDate(),
  status: z.string(),
});

const MealVoucher = z.looseObject({
  voucher_code: z.string(),
  confirmation_number: ConfirmationNumber,
  passenger_id: PassengerId,
  amount: z.number(),
  voucher_reason: z.enum(VOUCHER_REASONS),
  issued_date: isoDate(),
  status: z.string(),
});

const HotelVoucher = z.looseObject({
  voucher_code: z.string(),
  confirmation_number: ConfirmationNumber,
  passenger_id: PassengerId,
  num_nights: int().min(1),
  issued_date: isoDate(),
  status: z.string(),
});

const Refund = z.looseObject({
  refund_id: z.string(),
  confirmation_number: ConfirmationNumber,
  refund_amount: z.number().positive(),
  refund_type: z.enum(REFUND_TYPES),
  processing_days: int(),
  initiated_date: isoDate(),
  status: z.string(),
});

/** The name of a scenario DB file in the eva folder. */
export const EVA_SCENARIO_FILE = /^\d+\.\d+\.\d+\.json$/;

/**
 * A scenario DB's shape, before and after tools ran (the dataset's expected
 * DBs carry `session`). The scenario files themselves also meet eva's rules:
 * `EvaScenarioFileSchema` (eva-schema-rules.ts).
 */
export const EvaScenarioDbSchema = z.looseObject({
  /** The scenario's "today"; tools derive issue and expiry dates from it. */
  _current_date: isoDate(),
  reservations: recordKeyedBy("confirmation_number", Reservation),
  journeys: recordKeyedBy("journey_id", Journey),
  disruptions: z.record(z.string(), Disruption),
  // Optional in eva's schema (OPTIONAL_TOP_KEYS); the tools that write them create them when absent.
  travel_credits: recordKeyedBy("credit_code", TravelCredit).optional(),
  meal_vouchers: recordKeyedBy("voucher_code", MealVoucher).optional(),
  refunds: recordKeyedBy("refund_id", Refund).optional(),
  hotel_vouchers: recordKeyedBy("voucher_code", HotelVoucher).optional(),
  /** Present in expected DBs only; excluded from the DB hash. */
  session: z.looseObject({}).optional(),
});

export type EvaScenarioDb = z.infer<typeof EvaScenarioDbSchema>;
