/**
 * `eva_airline/<id>.json`: one scenario's world state, and the same shape
 * after tools ran (`ground_truth.expected_scenario_db` in the dataset).
 *
 * eva ships no data model for these files; the tools read them as plain
 * dicts. Fields the tools read or write are typed here, with the id formats
 * and enums of the tool parameter models (`eva_airline_params.py`) wherever a
 * value flows between the two. Every object admits unknown fields.
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

const FareClass = z.enum(FARE_CLASSES);
const ConfirmationNumber = pattern(/^[A-Za-z0-9]{6}$/, "a confirmation number (6 letters or digits)");
const FlightNumber = pattern(/^[A-Za-z]{2,3}\d{1,4}$/, "a flight number (2-3 letters, 1-4 digits)");
const JourneyId = pattern(/^FL_(?:[A-Za-z]{2,3}\d{1,4}_)+\d{8}$/, "a journey id (FL_<flight>_<YYYYMMDD>)");
const PassengerId = pattern(/^PAX\d+$/, "a passenger id (PAX<digits>)");
const AirportCode = pattern(/^[A-Za-z]{3}$/, "a 3-letter airport code");
// Tools sort options by these strings, so the zero-padded form matters.
const ClockTime = pattern(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "a time (HH:MM)");
const Fare = z.number().nullable();

const ReservationSegment = z.looseObject({
  flight_number: FlightNumber,
  date: isoDate(),
  fare_paid: z.number(),
  seat: z.string().nullable(),
  bags_checked: int().min(0),
  meal_request: z.enum(MEAL_TYPES).nullable(),
  origin: AirportCode.optional(),
  destination: AirportCode.optional(),
});

const Booking = z.looseObject({
  journey_id: JourneyId,
  fare_class: FareClass,
  fare_paid: z.number(),
  status: z.enum(["confirmed", "cancelled"]),
  segments: z.array(ReservationSegment),
});

const ReservationPassenger = z.looseObject({
  passenger_id: PassengerId,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  ticket_number: z.string(),
  elite_status: z.string().nullable(),
  meal_preference: z.enum(MEAL_TYPES),
  seat_preference: z.enum(SEAT_PREFERENCES),
});

const ReservationStandby = z.looseObject({
  journey_id: JourneyId,
  passenger_ids: z.array(PassengerId),
  position: int(),
  status: z.string(),
});

const Reservation = z.looseObject({
  confirmation_number: ConfirmationNumber,
  status: z.enum(["confirmed", "changed", "cancelled"]),
  fare_type: z.enum(["refundable", "non_refundable"]),
  booking_date: z.string(),
  passengers: z.array(ReservationPassenger),
  bookings: z.array(Booking),
  ancillaries: z.looseObject({ bags_fee: z.number(), seat_selection_fee: z.number() }),
  standby_list: z.array(ReservationStandby).optional(),
  payment_history: z.array(z.looseObject({})).optional(),
  agent_notes: z.array(z.looseObject({})).optional(),
});

const JourneySegment = z.looseObject({
  segment_number: int(),
  flight_number: FlightNumber,
  origin: AirportCode,
  destination: AirportCode,
  scheduled_departure: ClockTime,
  scheduled_arrival: ClockTime,
  estimated_departure: ClockTime.optional(),
  estimated_arrival: ClockTime.optional(),
  duration_minutes: int(),
  origin_utc_offset: z.number(),
  destination_utc_offset: z.number(),
  aircraft_type: z.string(),
  status: z.string(),
  gate: z.string().nullable(),
  delay_minutes: int().nullable(),
  delay_reason: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  available_seats: enumKeyed(FARE_CLASSES, int()),
  available_seat_types: enumKeyed(FARE_CLASSES, z.array(z.enum(["window", "aisle", "middle"]))),
  fares: enumKeyed(FARE_CLASSES, Fare),
});

const JourneyStandby = z.looseObject({
  confirmation_number: ConfirmationNumber,
  passenger_id: PassengerId,
  position: int(),
});

const Journey = z.looseObject({
  journey_id: JourneyId,
  date: isoDate(),
  origin: AirportCode,
  destination: AirportCode,
  num_stops: int().min(0),
  total_duration_minutes: int(),
  bookable: z.boolean(),
  status: z.string(),
  fares: enumKeyed(FARE_CLASSES, Fare),
  segments: z.array(JourneySegment),
  standby_list: z.array(JourneyStandby).optional(),
});

const Disruption = z.looseObject({
  flight_number: FlightNumber,
  date: isoDate(),
  disruption_type: z.string(),
  cause: z.string(),
  cause_category: z.string(),
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

export const EvaScenarioDbSchema = z.looseObject({
  /** The scenario's "today"; tools derive issue and expiry dates from it. */
  _current_date: isoDate(),
  reservations: recordKeyedBy("confirmation_number", Reservation, ConfirmationNumber),
  journeys: recordKeyedBy("journey_id", Journey, JourneyId),
  disruptions: z.record(z.string(), Disruption),
  travel_credits: recordKeyedBy("credit_code", TravelCredit),
  meal_vouchers: recordKeyedBy("voucher_code", MealVoucher),
  refunds: recordKeyedBy("refund_id", Refund),
  hotel_vouchers: recordKeyedBy("voucher_code", HotelVoucher).optional(),
  /** Present in expected DBs only; excluded from the DB hash. */
  session: z.looseObject({}).optional(),
});

export type EvaScenarioDb = z.infer<typeof EvaScenarioDbSchema>;
