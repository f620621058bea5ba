/**
 * The tau2 airline DB (`FlightDB` in `tau2_airline_params.py`), shipped as
 * `tau2_airline/db/{flights,reservations,users}.json`. The data models admit
 * unknown fields; the formats their field descriptions fix are enforced
 * (dates, times: tools compare them as strings).
 */
import { z } from "zod";
import { enumKeyed, int, isoDate, isoDateTime, pattern, recordKeyedBy } from "../../loaders/schema-parts.js";

export const CABIN_CLASSES = ["business", "economy", "basic_economy"] as const;
export const FLIGHT_TYPES = ["round_trip", "one_way"] as const;
export const MEMBERSHIP_LEVELS = ["gold", "silver", "regular"] as const;

const CabinClass = z.enum(CABIN_CLASSES);
const SeatCounts = enumKeyed(CABIN_CLASSES, int());
// Arrival past midnight is written with a "+1" suffix (the one-stop search relies on it).
const ScheduledTime = pattern(/^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\+1)?$/, "a time (HH:MM:SS, optionally +1)");

const FlightDateStatus = z.discriminatedUnion("status", [
  z.looseObject({ status: z.literal("available"), available_seats: SeatCounts, prices: SeatCounts }),
  z.looseObject({
    status: z.literal("landed"),
    actual_departure_time_est: isoDateTime(),
    actual_arrival_time_est: isoDateTime(),
  }),
  z.looseObject({ status: z.literal("cancelled") }),
  z.looseObject({
    status: z.literal("delayed"),
    estimated_departure_time_est: isoDateTime(),
    estimated_arrival_time_est: isoDateTime(),
  }),
  z.looseObject({
    status: z.literal("flying"),
    actual_departure_time_est: isoDateTime(),
    estimated_arrival_time_est: isoDateTime(),
  }),
  z.looseObject({
    status: z.literal("on time"),
    estimated_departure_time_est: isoDateTime(),
    estimated_arrival_time_est: isoDateTime(),
  }),
]);

const Flight = z.looseObject({
  flight_number: z.string(),
  origin: z.string(),
  destination: z.string(),
  scheduled_departure_time_est: ScheduledTime,
  scheduled_arrival_time_est: ScheduledTime,
  dates: z.record(isoDate(), FlightDateStatus),
});

const Passenger = z.looseObject({ first_name: z.string(), last_name: z.string(), dob: isoDate() });

const PaymentMethod = z.discriminatedUnion("source", [
  z.looseObject({ source: z.literal("credit_card"), id: z.string(), brand: z.string(), last_four: z.string() }),
  z.looseObject({ source: z.literal("gift_card"), id: z.string(), amount: z.number() }),
  z.looseObject({ source: z.literal("certificate"), id: z.string(), amount: z.number() }),
]);

const User = z.looseObject({
  user_id: z.string(),
  name: z.looseObject({ first_name: z.string(), last_name: z.string() }),
  address: z.looseObject({
    address1: z.string(),
    address2: z.string().nullable().optional(),
    city: z.string(),
    country: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  email: z.string(),
  dob: isoDate(),
  payment_methods: recordKeyedBy("id", PaymentMethod),
  saved_passengers: z.array(Passenger),
  membership: z.enum(MEMBERSHIP_LEVELS),
  reservations: z.array(z.string()),
});

const Reservation = z.looseObject({
  reservation_id: z.string(),
  user_id: z.string(),
  origin: z.string(),
  destination: z.string(),
  flight_type: z.enum(FLIGHT_TYPES),
  cabin: CabinClass,
  flights: z.array(
    z.looseObject({
      flight_number: z.string(),
      origin: z.string(),
      destination: z.string(),
      date: isoDate(),
      price: int(),
    }),
  ),
  passengers: z.array(Passenger),
  payment_history: z.array(z.looseObject({ payment_id: z.string(), amount: int() })),
  created_at: isoDateTime(),
  total_baggages: int(),
  nonfree_baggages: int(),
  insurance: z.enum(["yes", "no"]),
  status: z.literal("cancelled").nullable().optional(),
});

export const Tau2AirlineDbSchema = z.looseObject({
  flights: recordKeyedBy("flight_number", Flight),
  reservations: recordKeyedBy("reservation_id", Reservation),
  users: recordKeyedBy("user_id", User),
});

export type Tau2AirlineDb = z.infer<typeof Tau2AirlineDbSchema>;
