import { z } from "zod";
import { pyDict, pyNumStr, pyFloatNum } from "../../../python/num.js";
import { defineTool } from "../../../engine/types.js";
import { boundedInt, confirmationNumber, creditReason, passengerId, positiveFloat, voucherReason } from "../params.js";
import { findReservation, reservationNotFound } from "./bookings.js";
import { tableOf, truthy } from "../../../python/dict.js";
import { currentDate } from "./db-reads.js";

const MAX_HOTEL_NIGHTS = 3;
const MEAL_VOUCHER_AMOUNTS: Readonly<Record<string, number>> = {
  delay_over_2_hours: 12,
  delay_over_4_hours: 15,
  cancellation_wait_same_day: 15,
  irrops_overnight: 25,
};

/** The first `n` characters (code points, as Python slices), upper-cased. */
function prefix(text: string, n: number): string {
  return Array.from(text).slice(0, n).join("").toUpperCase();
}

/** Same month and day, one year later. */
function oneYearLater(date: string): string {
  return `${Number.parseInt(date.slice(0, 4), 10) + 1}${date.slice(4)}`;
}

export const issueTravelCreditTool = defineTool({
  name: "IssueTravelCreditTool",
  aliases: ["issue_travel_credit"],
  description:
    "Issue a travel credit or future flight voucher. Used for non-refundable " +
    "cancellations, fare-difference negatives, downgrades, or service recovery.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    passenger_id: passengerId("Passenger identifier (e.g., PAX001)."),
    amount: positiveFloat("Credit amount in USD."),
    credit_reason: creditReason(
      "One of: cancellation_non_refundable, fare_difference_negative, " + "service_recovery, goodwill, downgrade_compensation.",
    ),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { passenger_id: pax, credit_reason: reason } = args;
    const amount = pyFloatNum(args.amount);
    if (!truthy(findReservation(db, conf))) return reservationNotFound(conf);

    // One credit per reservation and id prefix ("PAX"): a second credit replaces the first.
    const code = `TC${conf}${prefix(pax, 3)}`;
    const today = currentDate(db);
    tableOf(db, "travel_credits")[code] = pyDict({
      credit_code: code,
      confirmation_number: conf,
      passenger_id: pax,
      amount,
      credit_reason: reason,
      issued_date: today,
      expiry_date: oneYearLater(today),
      status: "active",
    });

    ctx.record(pyDict({ action_type: "issue_travel_credit", confirmation_number: conf, passenger_id: pax, amount, credit_reason: reason }));
    return pyDict({
      status: "success",
      confirmation_number: conf,
      passenger_id: pax,
      credit_code: code,
      amount,
      valid_months: 12,
      message: `$${pyNumStr(amount)} travel credit issued with code ${code}`,
    });
  },
});

export const issueHotelVoucherTool = defineTool({
  name: "IssueHotelVoucherTool",
  aliases: ["issue_hotel_voucher"],
  description:
    "Issue a hotel voucher. Use for overnight IRROPS situations after rebooking is " + "confirmed (not before). Maximum 3 nights.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    passenger_id: passengerId("Passenger identifier (e.g., PAX001)."),
    num_nights: boundedInt("Number of nights (1-3).", 1),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { passenger_id: pax, num_nights: nights } = args;
    if (!truthy(findReservation(db, conf))) return reservationNotFound(conf);
    if (nights > MAX_HOTEL_NIGHTS) {
      return { status: "error", error_type: "exceeds_authority", message: "Hotel vouchers can be issued for maximum of 3 nights" };
    }

    const code = `HOTEL-${conf}`;
    tableOf(db, "hotel_vouchers")[code] = {
      voucher_code: code,
      confirmation_number: conf,
      passenger_id: pax,
      num_nights: nights,
      issued_date: currentDate(db),
      status: "active",
    };

    ctx.record({ action_type: "issue_hotel_voucher", confirmation_number: conf, passenger_id: pax, num_nights: nights });
    return {
      status: "success",
      confirmation_number: conf,
      passenger_id: pax,
      voucher_code: code,
      number_of_nights: nights,
      valid_at: "Any hotels in airport area",
      message: `Hotel voucher issued with code ${code} for ${nights} nights`,
    };
  },
});

export const issueMealVoucherTool = defineTool({
  name: "IssueMealVoucherTool",
  aliases: ["issue_meal_voucher"],
  description:
    "Issue a meal voucher. Amount is computed from voucher_reason: " +
    "delay_over_2_hours=$12, delay_over_4_hours=$15, " +
    "cancellation_wait_same_day=$15, irrops_overnight=$25.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    passenger_id: passengerId("Passenger identifier (e.g., PAX001)."),
    voucher_reason: voucherReason(
      "One of: delay_over_2_hours, delay_over_4_hours, cancellation_wait_same_day, irrops_overnight.",
    ),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { passenger_id: pax, voucher_reason: reason } = args;
    if (!truthy(findReservation(db, conf))) return reservationNotFound(conf);

    const amount = MEAL_VOUCHER_AMOUNTS[reason] ?? 12;
    // Keyed by the id's first four characters, so PAX001 and PAX002 share a voucher code.
    const code = `MEAL-${conf}-${prefix(pax, 4)}`;
    tableOf(db, "meal_vouchers")[code] = {
      voucher_code: code,
      confirmation_number: conf,
      passenger_id: pax,
      amount,
      voucher_reason: reason,
      issued_date: currentDate(db),
      status: "active",
    };

    ctx.record({ action_type: "issue_meal_voucher", confirmation_number: conf, passenger_id: pax, voucher_reason: reason, amount });
    return {
      status: "success",
      confirmation_number: conf,
      passenger_id: pax,
      voucher_code: code,
      amount,
      valid_at: "Airport terminal restaurants",
      message: `$${amount} meal voucher issued with code ${code}`,
    };
  },
});
