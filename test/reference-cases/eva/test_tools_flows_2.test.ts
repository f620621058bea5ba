/**
 * eva 0.1.3 tests/unit/airline/test_tools.py (ServiceNow/eva tag 0.1.3, commit
 * 58637852d0694b34b26630dc78c104dfc6dc5fd5), multi-step flows and the regression tests (part 2 of 2):
 * one test per upstream test, titled with its name, with its assertions. eva's `tool(params, db,
 * call_index)` is evalsim's dispatch of the same tool on the eva_airline domain (airline-tools.ts), on
 * the test's `sample_db` fixture (sample-db.ts).
 */
import { describe, expect, it } from "vitest";
import { call } from "./airline-tools.js";
import { sampleDb as sample } from "./sample-db.js";

describe("eva test_tools.py: flows and regressions (2)", () => {
  it("test_bug_voluntary_rebook_cheaper_flight_fare_paid_should_be_new_fare", () => {
    const freshDb = sample();
    const db: any = freshDb;
    call("rebook_flight", { "confirmation_number": "CONF01", "journey_id": "FL_AA100_20260327", "new_journey_id": "FL_AA200_20260327", "rebooking_type": "voluntary", "waive_change_fee": false }, db);
    let result: any = call("rebook_flight", { "confirmation_number": "CONF01", "journey_id": "FL_AA200_20260327", "new_journey_id": "FL_AA100_20260327", "rebooking_type": "voluntary", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    expect((result["cost_summary"]["fare_difference"] < 0)).toBe(true);
    const bookings: any = db["reservations"]["CONF01"]["bookings"];
    const new_booking: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_AA100_20260327") && (b["status"] === "confirmed")));
    expect(new_booking["fare_paid"], `Bug F: rebook to cheaper flight set fare_paid = ${new_booking["fare_paid"]} instead of new_fare 350.0`).toEqual(350.0);
    result = call("cancel_reservation", { "confirmation_number": "CONF01", "journey_id": "FL_AA100_20260327", "cancellation_reason": "voluntary" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["is_refundable"]).toBe(false);
    expect(result["cancellation_fee"]).toEqual(100);
    expect(result["refund_amount_eligible"]).toEqual(0);
    expect(result["credit_amount_eligible"], `Bug F: cancel returned credit_amount_eligible=${result["credit_amount_eligible"]} instead of 250.0 (fare_paid 350.0 - cancellation_fee 100)`).toEqual(250.0);
  });

  it("test_irrops_partial_rebook_preserves_segment_fare_paid", () => {
    const freshDb = sample();
    const db: any = freshDb;
    db["journeys"]["FL_CC360_20260325"] = { "journey_id": "FL_CC360_20260325", "date": "2026-03-25", "origin": "LAX", "destination": "ORD", "num_stops": 0, "total_duration_minutes": 240, "fares": { "basic_economy": null, "main_cabin": 230.0, "premium_economy": 380.0, "business": null, "first": null }, "segments": [{ "segment_number": 1, "flight_number": "CC360", "origin": "LAX", "destination": "ORD", "scheduled_departure": "11:00", "origin_utc_offset": -8, "scheduled_arrival": "17:00", "destination_utc_offset": -6, "duration_minutes": 240, "aircraft_type": "737-800", "status": "scheduled", "delay_minutes": null, "delay_reason": null, "cancellation_reason": null, "gate": "D9", "available_seats": { "basic_economy": 0, "main_cabin": 15, "premium_economy": 5, "business": 0, "first": 0 }, "fares": { "basic_economy": null, "main_cabin": 230.0, "premium_economy": 380.0, "business": null, "first": null } }], "status": "scheduled", "bookable": true };
    let result: any = call("rebook_flight", { "confirmation_number": "CONF03", "journey_id": "FL_CC300_CC400_20260325", "new_journey_id": "FL_CC350_20260325", "rebooking_type": "irrops_cancellation", "waive_change_fee": false, "flight_number": "CC300" }, db);
    expect(result["status"], `Step 1 setup failed: ${result}`).toEqual("success");
    const bookings: any = db["reservations"]["CONF03"]["bookings"];
    const cc350_booking: any = (bookings).find((b: any) => (b["journey_id"] === "FL_CC350_20260325"));
    expect(cc350_booking["fare_paid"], `journey-level fare_paid should be 200 (IRROPS old_fare), got ${cc350_booking["fare_paid"]}`).toEqual(200.0);
    expect(cc350_booking["segments"][0]["fare_paid"], `segment-level fare_paid should be 200 (preserved from old segment), got ${cc350_booking["segments"][0]["fare_paid"]}`).toEqual(200.0);
    result = call("rebook_flight", { "confirmation_number": "CONF03", "journey_id": "FL_CC350_20260325", "new_journey_id": "FL_CC360_20260325", "rebooking_type": "irrops_cancellation", "waive_change_fee": false, "flight_number": "CC350" }, db);
    expect(result["status"], `Step 2 rebook failed: ${result}`).toEqual("success");
    result = call("cancel_reservation", { "confirmation_number": "CONF03", "journey_id": "FL_CC360_20260325", "cancellation_reason": "irrops_refund" }, db);
    expect(result["status"], `Step 3 cancel failed: ${result}`).toEqual("success");
    expect(result["is_refundable"]).toBe(true);
    expect(result["refund_amount_eligible"], `refund_amount_eligible should be 200 (passenger's original IRROPS investment), but got ${result["refund_amount_eligible"]}`).toEqual(200.0);
  });

  it("test_cancel_reservation_increments_seats", () => {
    const freshDb = sample();
    const db: any = freshDb;
    const bb200_seg: any = db["journeys"]["FL_BB200_20260329"]["segments"][0];
    const initial_seats: any = bb200_seg["available_seats"]["main_cabin"];
    let result: any = call("rebook_flight", { "confirmation_number": "CONF02", "journey_id": "FL_BB100_20260329", "new_journey_id": "FL_BB200_20260329", "rebooking_type": "irrops_cancellation", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    expect(bb200_seg["available_seats"]["main_cabin"]).toEqual((initial_seats - 1));
    result = call("cancel_reservation", { "confirmation_number": "CONF02", "journey_id": "FL_BB200_20260329", "cancellation_reason": "voluntary" }, db);
    expect(result["status"]).toEqual("success");
    expect(bb200_seg["available_seats"]["main_cabin"]).toEqual(initial_seats);
  });

  it("test_cancel_reservation_seats_0_to_1", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const sw100_seg: any = db["journeys"]["FL_SW100_20260320"]["segments"][0];
    expect(sw100_seg["available_seats"]["main_cabin"]).toEqual(0);
    const booking: any = db["reservations"]["ABC123"]["bookings"][0];
    expect(booking["journey_id"]).toEqual("FL_SW100_20260320");
    booking["status"] = "confirmed";
    const result: any = call("cancel_reservation", { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "cancellation_reason": "voluntary" }, db);
    expect(result["status"]).toEqual("success");
    expect(sw100_seg["available_seats"]["main_cabin"]).toEqual(1);
  });

  it("test_irrops_rebook_segment_fare_paid_matches_old", () => {
    const freshDb = sample();
    const db: any = freshDb;
    const old_booking: any = (db["reservations"]["CONF02"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_BB100_20260329"));
    const old_segment_fare: any = old_booking["segments"][0]["fare_paid"];
    expect(old_segment_fare).toEqual(280.0);
    const bb200_market_fare: any = db["journeys"]["FL_BB200_20260329"]["segments"][0]["fares"]["main_cabin"];
    expect(bb200_market_fare).toEqual(300.0);
    const result: any = call("rebook_flight", { "confirmation_number": "CONF02", "journey_id": "FL_BB100_20260329", "new_journey_id": "FL_BB200_20260329", "rebooking_type": "irrops_cancellation", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    const new_booking: any = (db["reservations"]["CONF02"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_BB200_20260329"));
    expect(new_booking["fare_paid"], "booking-level fare_paid should be old_fare").toEqual(280.0);
    expect(new_booking["segments"][0]["fare_paid"], `segment fare_paid should be old segment fare (280.0), got ${new_booking["segments"][0]["fare_paid"]}`).toEqual(280.0);
  });
});
