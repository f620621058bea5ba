/**
 * CancelReservationTool and ProcessRefundTool. Expected values come from
 * running the same calls through the reference tools (eva_airline_tools.py
 * under CPython 3.11) on the same scenario DBs.
 */
import { describe, expect, it } from "vitest";
import { at, bare, scenarioDb, session } from "../harness.js";

describe("CancelReservationTool", () => {
  it("a refundable fare is refunded in full, and the last journey cancels the reservation", () => {
    const s = session(scenarioDb("5.1.1"));
    const out = s.call("CancelReservationTool", { confirmation_number: "8jvsdf", journey_id: "FL_SK642_20260520", cancellation_reason: "voluntary" });
    expect(out.result).toStrictEqual({
      status: "success",
      confirmation_number: "8JVSDF",
      journey_id: "FL_SK642_20260520",
      is_refundable: true,
      cancellation_fee: 0,
      refund_amount_eligible: 1285,
      credit_amount_eligible: 0,
      reservation_status: "cancelled",
      message: "Journey FL_SK642_20260520 cancelled successfully",
    });
    expect(bare(out.records)).toStrictEqual([
      {
        action_type: "cancel_reservation",
        confirmation_number: "8JVSDF",
        journey_id: "FL_SK642_20260520",
        cancellation_reason: "voluntary",
        is_refundable: true,
        cancellation_fee: 0,
        refund_amount_eligible: 1285,
      },
    ]);
    expect(at(s.db, "journeys", "FL_SK642_20260520", "segments", 0, "available_seats", "business")).toBe(4);
    expect(s.call("CancelReservationTool", { confirmation_number: "8JVSDF", journey_id: "FL_SK642_20260520", cancellation_reason: "voluntary" }).result).toStrictEqual({
      status: "error",
      error_type: "already_cancelled",
      message: "Journey FL_SK642_20260520 is already cancelled",
    });
  });

  it("a non-refundable fare pays a $100 fee and gets the rest as credit", () => {
    const s = session(scenarioDb("6.3.1"));
    const out = s.call("CancelReservationTool", { confirmation_number: "E66N08", journey_id: "FL_SK681_SK923_20260510", cancellation_reason: "medical" });
    expect(out.result).toStrictEqual({
      status: "success",
      confirmation_number: "E66N08",
      journey_id: "FL_SK681_SK923_20260510",
      is_refundable: false,
      cancellation_fee: 100,
      refund_amount_eligible: 0,
      credit_amount_eligible: 430,
      reservation_status: "cancelled",
      message: "Journey FL_SK681_SK923_20260510 cancelled successfully",
    });
    const legs = at(s.db, "journeys", "FL_SK681_SK923_20260510", "segments") as { available_seats: { main_cabin: number } }[];
    expect(legs.map((l) => l.available_seats.main_cabin)).toStrictEqual([7, 9]);
    expect(s.hash).toBe("2ef9b4be6eed2cd5f0e158b750dbe77fa18ac46fea5c6e88055ad184e4482fcf");
  });

  it("the 24-hour rule refunds a non-refundable fare", () => {
    const s = session(scenarioDb("5.1.2"));
    const out = s.call("CancelReservationTool", { confirmation_number: "PZN19G", journey_id: "FL_SK214_20260822", cancellation_reason: "24_hour_rule" });
    expect(at(out.result, "refund_amount_eligible")).toBe(218.4);
    expect(at(out.result, "is_refundable")).toBe(true);
    expect(s.hash).toBe("8fb6f893cb7ff10ff031d82673c2779befa3632acc30d1ac81dd8514452327c9");
  });
});

describe("ProcessRefundTool", () => {
  it("mints REF-<CONF>-NNN from a per-scenario counter that unknown reservations do not advance", () => {
    const s = session(scenarioDb("5.1.1"));
    s.call("CancelReservationTool", { confirmation_number: "8jvsdf", journey_id: "FL_SK642_20260520", cancellation_reason: "voluntary" });
    const first = s.call("ProcessRefundTool", { confirmation_number: "8jvsdf", refund_amount: 1285, refund_type: "full_fare" });
    expect(first.result).toStrictEqual({
      status: "success",
      confirmation_number: "8JVSDF",
      refund_id: "REF-8JVSDF-001",
      refund_amount: 1285,
      refund_type: "full_fare",
      processing_days: 7,
      message: "$1285.0 refund initiated, processing time 7 business days",
    });
    expect(bare(first.records)).toStrictEqual([
      { action_type: "process_refund", confirmation_number: "8JVSDF", refund_amount: 1285, refund_type: "full_fare" },
    ]);
    expect(s.call("ProcessRefundTool", { confirmation_number: "XXXXXX", refund_amount: 5, refund_type: "full_fare" }).result).toStrictEqual({
      status: "error",
      error_type: "not_found",
      message: "Reservation XXXXXX not found",
    });
    const second = s.call("ProcessRefundTool", { confirmation_number: "8JVSDF", refund_amount: "0.1", refund_type: "ancillary_fees" });
    expect(at(second.result, "refund_id")).toBe("REF-8JVSDF-002");
    expect(at(second.result, "message")).toBe("$0.1 refund initiated, processing time 7 business days");
    expect(s.call("ProcessRefundTool", { confirmation_number: "8JVSDF", refund_amount: 0, refund_type: "ancillary_fees" }).result).toStrictEqual({
      status: "error",
      error_type: "invalid_parameter",
      message: "Invalid or missing parameter 'refund_amount': Input should be greater than 0",
    });
    const third = s.call("ProcessRefundTool", { confirmation_number: "8JVSDF", refund_amount: 12.5, refund_type: "taxes_only" });
    expect(at(third.result, "message")).toBe("$12.5 refund initiated, processing time 7 business days");
    expect(at(s.db, "refunds", "REF-8JVSDF-003")).toStrictEqual({
      refund_id: "REF-8JVSDF-003",
      confirmation_number: "8JVSDF",
      refund_amount: 12.5,
      refund_type: "taxes_only",
      processing_days: 7,
      initiated_date: "2026-05-07",
      status: "processing",
    });
    expect(s.callCounts).toStrictEqual({ process_refund: 3 });
    expect(s.hash).toBe("067635398bcc436f22a96993c252a0b28f19edb0057c5154c7ff5e2266af749f");
  });

  it("dates the refund from the DB's _current_date, not the run's clock", () => {
    const db = scenarioDb("5.1.1");
    db["_current_date"] = "2030-01-02";
    const s = session(db);
    s.call("ProcessRefundTool", { confirmation_number: "8JVSDF", refund_amount: 1, refund_type: "full_fare" });
    expect(at(s.db, "refunds", "REF-8JVSDF-001", "initiated_date")).toBe("2030-01-02");
  });

  it("without _current_date the reference raises KeyError after taking a refund number", () => {
    const db = scenarioDb("5.1.1");
    delete db["_current_date"];
    const s = session(db);
    const before = s.hash;
    const out = s.call("ProcessRefundTool", { confirmation_number: "8JVSDF", refund_amount: 1, refund_type: "full_fare" });
    expect(out.status).toBe("crashed");
    expect(out.result).toStrictEqual({ error: "'_current_date'" });
    expect(s.callCounts).toStrictEqual({ process_refund: 1 });
    // The fixture already has a `refunds` table, so the reference's setdefault changed nothing either.
    expect(s.hash).toBe(before);
  });
});
