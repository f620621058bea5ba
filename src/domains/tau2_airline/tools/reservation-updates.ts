/** Changing an existing reservation: cancel it, or update its bags, flights or passengers. */
import { z } from "zod";
import { laxInt } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { AIRLINE_SCHEMA_KEY_ORDER, cabinArg, flightInfo, passenger, paymentIdArg, reservationIdArg } from "./args.js";
import { reservationFlight } from "./book.js";
import { deepCopy, entry, getFlight, getFlightInstance, getReservation, getUser, listAt, notFound, numberIn, numIn, valueError } from "./db.js";
import { pyStr } from "../../../python/text.js";
import { paymentForUpdate } from "./payment.js";
import { numAt, pyAdd, pyDict, pyIntNum, pyMax, pyMul, pyNeg, pySub, pySum } from "../../../python/num.js";

const PRICE_PER_NONFREE_BAG = 50;

type Found = { ok: true; reservation: JsonObject; user: JsonObject } | { ok: false; error: JsonObject };

/** The reservation and its owner, or the reference's not-found error. */
function reservationWithUser(db: JsonObject, reservationId: string): Found {
  const reservation = getReservation(db, reservationId);
  if (!reservation) return { ok: false, error: notFound(`Reservation ${reservationId} not found`) };
  const owner = entry(reservation, "user_id");
  const user = typeof owner === "string" ? getUser(db, owner) : undefined;
  if (!user) return { ok: false, error: notFound(`User ${pyStr(owner ?? null)} not found`) };
  return { ok: true, reservation, user };
}


export const cancelReservationTool = defineTool({
  name: "CancelReservationTool",
  actionName: "cancel_reservation",
  description: "Cancel the whole reservation. Reverses payment history and marks status='cancelled'.",
  args: z.object({ reservation_id: reservationIdArg("The reservation ID, such as 'ZFA04Y'.") }),
  kind: "write",
  run(db, args, ctx) {
    const reservation = getReservation(db, args.reservation_id);
    if (!reservation) return notFound(`Reservation ${args.reservation_id} not found`);
    // Refunds are appended as negative payments; seats are not released (as upstream).
    const history = listAt(reservation, "payment_history");
    const refunds: JsonValue[] = history.map((pay) => {
      // `-pay.get("amount", 0)`: an int never becomes a negative zero, a float (0.0) does.
      const amount = isJsonObject(pay) ? numAt(pay, "amount") : pyIntNum(0);
      return pyDict({ payment_id: entry(pay, "payment_id") ?? null, amount: pyNeg(amount) });
    });
    history.push(...refunds);
    reservation["status"] = "cancelled";
    ctx.record({
      action_type: "cancel_reservation",
      name: "cancel_reservation",
      arguments: { reservation_id: args.reservation_id },
      result: { reservation_id: args.reservation_id, status: "cancelled" },
    });
    return reservation;
  },
});

export const updateReservationBaggagesTool = defineTool({
  name: "UpdateReservationBaggagesTool",
  actionName: "update_reservation_baggages",
  description: "Update the baggage counts on a reservation. Charges $50 per additional non-free bag.",
  args: z.object({
    reservation_id: reservationIdArg("The reservation ID, such as 'ZFA04Y'."),
    total_baggages: laxInt("The updated total number of baggage items included in the reservation."),
    nonfree_baggages: laxInt("The updated number of non-free baggage items included in the reservation."),
    payment_id: paymentIdArg(),
  }),
  kind: "write",
  run(db, args, ctx) {
    const found = reservationWithUser(db, args.reservation_id);
    if (!found.ok) return found.error;
    const { reservation, user } = found;
    const added = pySub(pyIntNum(args.nonfree_baggages), numAt(reservation, "nonfree_baggages"));
    const charge = pyMul(pyIntNum(PRICE_PER_NONFREE_BAG), pyMax(pyIntNum(0), added));
    const paid = paymentForUpdate(user, args.payment_id, charge);
    if (!paid.ok) return paid.error;
    if (paid.payment) listAt(reservation, "payment_history").push(paid.payment);
    reservation["total_baggages"] = args.total_baggages;
    reservation["nonfree_baggages"] = args.nonfree_baggages;
    ctx.record({
      action_type: "update_reservation_baggages",
      name: "update_reservation_baggages",
      arguments: {
        reservation_id: args.reservation_id,
        total_baggages: args.total_baggages,
        nonfree_baggages: args.nonfree_baggages,
        payment_id: args.payment_id,
      },
      result: pyDict({ reservation_id: args.reservation_id, charged: charge }),
    });
    return reservation;
  },
});

export const updateReservationFlightsTool = defineTool({
  name: "UpdateReservationFlightsTool",
  schemaKeyOrder: AIRLINE_SCHEMA_KEY_ORDER,
  actionName: "update_reservation_flights",
  description:
    "Update the flight legs on an existing reservation. The flights array must include " +
    "the ENTIRE new itinerary — even unchanged legs. Charges the price difference (if positive).",
  args: z.object({
    reservation_id: reservationIdArg("The reservation ID, such as 'ZFA04Y'."),
    cabin: cabinArg("The cabin class of the reservation."),
    flights: z
      .array(flightInfo({ date: "YYYY-MM-DD" }))
      .describe(
        "An array of objects containing details about each piece of flight in the ENTIRE new reservation. " +
          "Even if a flight segment is not changed, it should still be included in the array.",
      ),
    payment_id: paymentIdArg(),
  }),
  kind: "write",
  run(db, args, ctx) {
    const found = reservationWithUser(db, args.reservation_id);
    if (!found.ok) return found.error;
    const { reservation, user } = found;
    const passengers = entry(reservation, "passengers");
    const seatsNeeded = Array.isArray(passengers) ? passengers.length : 0;
    const current = entry(reservation, "flights");
    const currentLegs = (Array.isArray(current) ? current : []).filter(isJsonObject);
    const sameCabin = args.cabin === entry(reservation, "cabin");

    const perLeg = pyIntNum(seatsNeeded);
    let total = pyIntNum(0);
    const legs: JsonObject[] = [];
    for (const leg of args.flights) {
      // A leg kept as it is (same flight, date and cabin) keeps the price paid for it.
      const kept = sameCabin
        ? currentLegs.find((f) => entry(f, "flight_number") === leg.flight_number && entry(f, "date") === leg.date)
        : undefined;
      if (kept) {
        total = pyAdd(total, pyMul(numAt(kept, "price"), perLeg));
        legs.push(deepCopy(kept));
        continue;
      }
      const flight = getFlight(db, leg.flight_number);
      if (!flight) return notFound(`Flight ${leg.flight_number} not found`);
      const instance = getFlightInstance(db, leg.flight_number, leg.date);
      if (!instance || entry(instance, "status") !== "available") {
        return valueError(`Flight ${leg.flight_number} not available on date ${leg.date}`);
      }
      if (numberIn(instance, "available_seats", args.cabin) < seatsNeeded) {
        return valueError(`Not enough seats on flight ${leg.flight_number}`);
      }
      const price = numIn(instance, "prices", args.cabin);
      legs.push(reservationFlight(leg, flight, price));
      total = pyAdd(total, pyMul(price, perLeg));
    }
    // What was already paid for the current legs is credited; seats are not moved (as upstream).
    total = pySub(total, pyMul(pySum(currentLegs.map((f) => numAt(f, "price"))), perLeg));

    const paid = paymentForUpdate(user, args.payment_id, total);
    if (!paid.ok) return paid.error;
    if (paid.payment) listAt(reservation, "payment_history").push(paid.payment);
    reservation["flights"] = legs;
    reservation["cabin"] = args.cabin;
    ctx.record({
      action_type: "update_reservation_flights",
      name: "update_reservation_flights",
      arguments: {
        reservation_id: args.reservation_id,
        cabin: args.cabin,
        flights: args.flights.map((f) => ({ flight_number: f.flight_number, date: f.date })),
        payment_id: args.payment_id,
      },
      result: pyDict({ reservation_id: args.reservation_id, charged: total }),
    });
    return reservation;
  },
});

export const updateReservationPassengersTool = defineTool({
  name: "UpdateReservationPassengersTool",
  schemaKeyOrder: AIRLINE_SCHEMA_KEY_ORDER,
  actionName: "update_reservation_passengers",
  description: "Update the passenger list on a reservation. Number of passengers must match the existing count.",
  args: z.object({
    reservation_id: reservationIdArg("The reservation ID, such as 'ZFA04Y'."),
    passengers: z.array(passenger("YYYY-MM-DD")).describe("An array of objects containing details about each passenger."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const reservation = getReservation(db, args.reservation_id);
    if (!reservation) return notFound(`Reservation ${args.reservation_id} not found`);
    const current = entry(reservation, "passengers");
    if (args.passengers.length !== (Array.isArray(current) ? current.length : 0)) {
      return valueError("Number of passengers does not match");
    }
    const dump = () => args.passengers.map((p) => ({ first_name: p.first_name, last_name: p.last_name, dob: p.dob }));
    reservation["passengers"] = dump();
    ctx.record({
      action_type: "update_reservation_passengers",
      name: "update_reservation_passengers",
      arguments: { reservation_id: args.reservation_id, passengers: dump() },
      result: { reservation_id: args.reservation_id },
    });
    return reservation;
  },
});
