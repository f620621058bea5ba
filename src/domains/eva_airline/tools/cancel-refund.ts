import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { cancellationReason, confirmationNumber, journeyId, positiveFloat, refundType } from "../params.js";
import { adjustSeats, bookingTotalFare, findBookingJourney, findReservation, journeyNotFound, reservationNotFound } from "./bookings.js";
import { get, getObject, getObjects, tableOf, truthy } from "../../../python/dict.js";
import { currentDate } from "./db-reads.js";
import { pyDict, pyNumStr, pyFloatNum, pyIntNum, pyMax, pySub } from "../../../python/num.js";

const CANCELLATION_FEE = 100;
/** Reasons that make any fare refundable without a fee. */
const FEE_WAIVING_REASONS: readonly string[] = ["irrops_refund", "24_hour_rule"];
const REFUND_PROCESSING_DAYS = 7;

export const cancelReservationTool = defineTool({
  name: "CancelReservationTool",
  aliases: ["cancel_reservation"],
  description:
    "Cancel a specific journey within a booking. If all journeys end up cancelled, " +
    "the reservation itself is marked cancelled. Returns refund and credit eligibility.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    journey_id: journeyId("Journey ID of the booking to cancel, from get_reservation."),
    cancellation_reason: cancellationReason(
      "One of: voluntary, irrops_refund, 24_hour_rule, schedule_unacceptable, medical, bereavement.",
    ),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { journey_id: journeyIdArg, cancellation_reason: reason } = args;

    const reservation = findReservation(db, conf);
    if (!reservation || !truthy(reservation)) return reservationNotFound(conf);
    const booking = findBookingJourney(reservation, journeyIdArg);
    if (!booking || !truthy(booking)) return journeyNotFound(journeyIdArg);
    if (get(booking, "status") === "cancelled") {
      return { status: "error", error_type: "already_cancelled", message: `Journey ${journeyIdArg} is already cancelled` };
    }

    const fare = bookingTotalFare(booking);
    const refundable = FEE_WAIVING_REASONS.includes(reason) || get(reservation, "fare_type") === "refundable";
    const fee = pyIntNum(refundable ? 0 : CANCELLATION_FEE);
    const refundAmount = refundable ? pyMax(pyIntNum(0), pySub(fare, fee)) : pyIntNum(0);
    const creditAmount = refundable ? pyIntNum(0) : pyMax(pyIntNum(0), pySub(fare, fee));

    booking["status"] = "cancelled";
    const cancelledFlight = getObject(getObject(db, "journeys") ?? {}, journeyIdArg);
    if (cancelledFlight && truthy(cancelledFlight)) adjustSeats(cancelledFlight, get(booking, "fare_class", "main_cabin") as string, +1);

    const allCancelled = getObjects(reservation, "bookings").every((b) => get(b, "status") === "cancelled");
    if (allCancelled) reservation["status"] = "cancelled";

    ctx.record(
      pyDict({
        action_type: "cancel_reservation",
        confirmation_number: conf,
        journey_id: journeyIdArg,
        cancellation_reason: reason,
        is_refundable: refundable,
        cancellation_fee: fee,
        refund_amount_eligible: refundAmount,
      }),
    );
    return pyDict({
      status: "success",
      confirmation_number: conf,
      journey_id: journeyIdArg,
      is_refundable: refundable,
      cancellation_fee: fee,
      refund_amount_eligible: refundAmount,
      credit_amount_eligible: creditAmount,
      reservation_status: allCancelled ? "cancelled" : "active",
      message: `Journey ${journeyIdArg} cancelled successfully`,
    });
  },
});

export const processRefundTool = defineTool({
  name: "ProcessRefundTool",
  aliases: ["process_refund"],
  description:
    "Process a refund for a cancelled or eligible reservation. Called after " +
    "cancel_reservation when refund is due. Call once per refund type — fare and " +
    "ancillary fees must be separate calls. Never combine both into a single call.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    refund_amount: positiveFloat("Amount to refund (use refund_amount_eligible from cancel_reservation)."),
    refund_type: refundType("One of: full_fare, partial_fare, taxes_only, ancillary_fees."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { refund_type: type } = args;
    const amount = pyFloatNum(args.refund_amount);
    if (!truthy(findReservation(db, conf))) return reservationNotFound(conf);
    // The reference's `refund_amount <= 0` branch is unreachable: validation requires > 0.

    const refundId = `REF-${conf}-${String(ctx.nextCallIndex("process_refund")).padStart(3, "0")}`;
    const refunds = tableOf(db, "refunds");
    refunds[refundId] = pyDict({
      refund_id: refundId,
      confirmation_number: conf,
      refund_amount: amount,
      refund_type: type,
      processing_days: REFUND_PROCESSING_DAYS,
      initiated_date: currentDate(db),
      status: "processing",
    });

    ctx.record(pyDict({ action_type: "process_refund", confirmation_number: conf, refund_amount: amount, refund_type: type }));
    return pyDict({
      status: "success",
      confirmation_number: conf,
      refund_id: refundId,
      refund_amount: amount,
      refund_type: type,
      processing_days: REFUND_PROCESSING_DAYS,
      message: `$${pyNumStr(amount)} refund initiated, processing time ${REFUND_PROCESSING_DAYS} business days`,
    });
  },
});
