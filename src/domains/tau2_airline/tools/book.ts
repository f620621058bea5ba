/** Booking a new reservation: price the legs, check and take payment, hold seats. */
import { z } from "zod";
import { laxInt, pyStr } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import type { FlightInfo } from "./args.js";
import { AIRLINE_SCHEMA_KEY_ORDER, cabinArg, flightInfo, flightTypeArg, insuranceArg, passenger, payment } from "./args.js";
import { entry, getFlight, getFlightInstance, getUser, listAt, notFound, numberIn, numIn, objectAt, truthy, valueError } from "./db.js";
import { numAt, pyAdd, pyEq, pyIntNum, pyLt, pyMul, pyNumStr, pySub, pySum, putNum, type PyNum } from "../../../python/num.js";
import { pyStrRepr } from "../../../python/text.js";

/** Upstream's fixed clock for `created_at`. */
const CREATED_AT = "2024-05-15T15:00:00";
/** Upstream hands out at most these three new reservation ids per task, first free first. */
const NEW_RESERVATION_IDS = ["HATHAT", "HATHAU", "HATHAV"] as const;
const INSURANCE_PER_PASSENGER = 30;
const PRICE_PER_NONFREE_BAG = 50;

const args = z.object({
  user_id: pyStr().describe("The ID of the user to book the reservation such as 'sara_doe_496'."),
  origin: pyStr().describe("The IATA code for the origin city such as 'SFO'."),
  destination: pyStr().describe("The IATA code for the destination city such as 'JFK'."),
  flight_type: flightTypeArg("The type of flight such as 'one_way' or 'round_trip'."),
  cabin: cabinArg("The cabin class such as 'basic_economy', 'economy', or 'business'."),
  flights: z
    .array(flightInfo({ flightNumber: "Flight number, such as 'HAT001'.", date: "Flight date in 'YYYY-MM-DD' format." }))
    .describe("An array of objects containing details about each piece of flight."),
  passengers: z
    .array(passenger("Date of birth in YYYY-MM-DD format"))
    .describe("An array of objects containing details about each passenger."),
  payment_methods: z
    .array(payment())
    .describe("An array of objects containing details about each payment method."),
  total_baggages: laxInt("The total number of baggage items to book the reservation."),
  nonfree_baggages: laxInt("The number of non-free baggage items to book the reservation."),
  insurance: insuranceArg("Whether the reservation has insurance."),
});

function newReservationId(db: JsonObject): string | undefined {
  const reservations = db["reservations"];
  return NEW_RESERVATION_IDS.find((id) => !(isJsonObject(reservations) && Object.hasOwn(reservations, id)));
}

/** upstream `ReservationFlight`, in its field order. */
export function reservationFlight(leg: FlightInfo, flight: JsonObject, price: PyNum): JsonObject {
  return {
    flight_number: leg.flight_number,
    origin: entry(flight, "origin") ?? null,
    destination: entry(flight, "destination") ?? null,
    date: leg.date,
    // `price: int`: an integral float from the DB is dumped as an int.
    price: price.value,
  };
}

export const bookReservationTool = defineTool({
  name: "BookReservationTool",
  schemaKeyOrder: AIRLINE_SCHEMA_KEY_ORDER,
  actionName: "book_reservation",
  description:
    "Book a new flight reservation under a user account. Reserves seats on each leg, " +
    "validates payment methods cover the total price, and creates a reservation record.",
  args,
  kind: "write",
  run(db, a, ctx) {
    const user = getUser(db, a.user_id);
    if (!user) return notFound(`User ${a.user_id} not found`);
    const reservationId = newReservationId(db);
    if (!reservationId) return valueError("Too many reservations");

    const seatsNeeded = a.passengers.length;
    const passengers = pyIntNum(seatsNeeded);
    let totalPrice = pyIntNum(0);
    const legs: JsonObject[] = [];
    const instances: JsonObject[] = [];
    for (const leg of a.flights) {
      const flight = getFlight(db, leg.flight_number);
      if (!flight) return notFound(`Flight ${leg.flight_number} not found`);
      const instance = getFlightInstance(db, leg.flight_number, leg.date);
      if (!instance) return notFound(`Flight ${leg.flight_number} not found on date ${leg.date}`);
      if (entry(instance, "status") !== "available") {
        return valueError(`Flight ${leg.flight_number} not available on date ${leg.date}`);
      }
      if (numberIn(instance, "available_seats", a.cabin) < seatsNeeded) {
        return valueError(`Not enough seats on flight ${leg.flight_number}`);
      }
      const price = numIn(instance, "prices", a.cabin);
      legs.push(reservationFlight(leg, flight, price));
      instances.push(instance);
      totalPrice = pyAdd(totalPrice, pyMul(price, passengers));
    }
    if (a.insurance === "yes") totalPrice = pyAdd(totalPrice, pyMul(pyIntNum(INSURANCE_PER_PASSENGER), passengers));
    totalPrice = pyAdd(totalPrice, pyMul(pyIntNum(PRICE_PER_NONFREE_BAG), pyIntNum(a.nonfree_baggages)));

    // Each method is checked on its own: the same gift card listed twice passes twice.
    for (const pay of a.payment_methods) {
      const method = entry(entry(user, "payment_methods"), pay.payment_id);
      if (!isJsonObject(method)) return valueError(`Payment method ${pay.payment_id} not found`);
      const source = entry(method, "source");
      if ((source === "gift_card" || source === "certificate") && pyLt(numAt(method, "amount"), pyIntNum(pay.amount))) {
        return valueError(`Not enough balance in payment method ${pay.payment_id}`);
      }
    }
    const totalPayment = pySum(a.payment_methods.map((pay) => pyIntNum(pay.amount)));
    if (!pyEq(totalPayment, totalPrice)) {
      return valueError(`Payment amount does not add up, total price is ${pyNumStr(totalPrice)}, but paid ${pyNumStr(totalPayment)}`);
    }

    const paymentHistory: JsonValue[] = [];
    const methods = objectAt(user, "payment_methods");
    for (const pay of a.payment_methods) {
      const method = methods[pay.payment_id];
      if (!Object.hasOwn(methods, pay.payment_id) || !isJsonObject(method)) {
        // A certificate listed twice was removed by its first use: the reference
        // raises KeyError here, keeping the balances already taken.
        return { error: pyStrRepr(pay.payment_id) };
      }
      // `method["amount"] -= payment.amount`: a balance held as a float stays one.
      if (method["source"] === "gift_card") putNum(method, "amount", pySub(numAt(method, "amount"), pyIntNum(pay.amount)));
      else if (method["source"] === "certificate") delete methods[pay.payment_id];
      paymentHistory.push({ payment_id: pay.payment_id, amount: pay.amount });
    }

    for (const instance of instances) {
      // `(x or {})[cabin] = ...`: an empty or missing seat table takes no deduction.
      const seats = instance["available_seats"];
      if (isJsonObject(seats) && truthy(seats)) seats[a.cabin] = numberIn(instance, "available_seats", a.cabin) - seatsNeeded;
    }

    const reservation: JsonObject = {
      reservation_id: reservationId,
      user_id: a.user_id,
      origin: a.origin,
      destination: a.destination,
      flight_type: a.flight_type,
      cabin: a.cabin,
      flights: legs,
      passengers: a.passengers.map((p) => ({ first_name: p.first_name, last_name: p.last_name, dob: p.dob })),
      payment_history: paymentHistory,
      created_at: CREATED_AT,
      total_baggages: a.total_baggages,
      nonfree_baggages: a.nonfree_baggages,
      insurance: a.insurance,
      status: null,
    };
    objectAt(db, "reservations")[reservationId] = reservation;
    listAt(user, "reservations").push(reservationId);

    ctx.record({
      action_type: "book_reservation",
      name: "book_reservation",
      arguments: bookArguments(a),
      result: { reservation_id: reservationId },
    });
    return reservation;
  },
});

/** `BookReservationParams.model_dump()`, in field order. */
function bookArguments(a: z.output<typeof args>): JsonObject {
  return {
    user_id: a.user_id,
    origin: a.origin,
    destination: a.destination,
    flight_type: a.flight_type,
    cabin: a.cabin,
    flights: a.flights.map((f) => ({ flight_number: f.flight_number, date: f.date })),
    passengers: a.passengers.map((p) => ({ first_name: p.first_name, last_name: p.last_name, dob: p.dob })),
    payment_methods: a.payment_methods.map((p) => ({ payment_id: p.payment_id, amount: p.amount })),
    total_baggages: a.total_baggages,
    nonfree_baggages: a.nonfree_baggages,
    insurance: a.insurance,
  };
}
