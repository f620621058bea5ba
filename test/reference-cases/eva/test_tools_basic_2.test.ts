/**
 * eva 0.1.3 tests/unit/airline/test_tools.py (ServiceNow/eva tag 0.1.3, commit
 * 58637852d0694b34b26630dc78c104dfc6dc5fd5), tools one by one (part 2 of 2): one test per upstream
 * test, titled with its name, with its assertions. eva's `tool(params, db, call_index)` is evalsim's
 * dispatch of the same tool on the eva_airline domain (airline-tools.ts), on the test's `sample_db`
 * fixture (sample-db.ts).
 */
import { describe, expect, it } from "vitest";
import { call, len, pyIn } from "./airline-tools.js";
import { sampleDb as sample } from "./sample-db.js";

describe("eva test_tools.py: reservation, flights, rebooking, ancillaries, compensation, cancellation (2)", () => {
  it("test_process_refund_success", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "refund_amount": 350.0, "refund_type": "full_fare" };
    const result: any = call("process_refund", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["refund_amount"]).toEqual(350.0);
    expect(result["refund_id"]).toEqual("REF-ABC123-001");
    expect(result["processing_days"]).toEqual(7);
  });

  it("test_transfer_to_agent_success", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "transfer_reason": "passenger_requested", "issue_summary": "Customer wants to speak to manager" };
    const result: any = call("transfer_to_agent", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["transfer_id"]).toEqual("TRF-ABC123-001");
    expect(result["transfer_reason"]).toEqual("passenger_requested");
    expect(pyIn("Transferring", result["message"])).toBe(true);
  });

  it("test_add_to_standby_success", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW200_20260320", "passenger_ids": ["PAX001"] };
    const result: any = call("add_to_standby", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["journey_id"]).toEqual("FL_SW200_20260320");
    expect(result["standby_list_position"]).toEqual(1);
  });

  it("test_add_to_standby_cancelled_flight", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "passenger_ids": ["PAX001"] };
    const result: any = call("add_to_standby", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("flight_cancelled");
  });

  it("test_rebook_flight_partial_leg_success", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW300_SW400_20260322", "new_journey_id": "FL_SW350_20260322", "rebooking_type": "voluntary", "waive_change_fee": false, "flight_number": "SW300" };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["partial_rebook"]).toBe(true);
    expect(result["cost_summary"]["fare_difference"]).toEqual(20.0);
    expect(result["cost_summary"]["change_fee"]).toEqual(75);
    expect(result["cost_summary"]["total_collected"]).toEqual(95.0);
    expect(result["replaced_segment"]["flight_number"]).toEqual("SW300");
    expect(result["replaced_segment"]["fare_paid"]).toEqual(200.0);
    expect(len(result["kept_segments"])).toEqual(1);
    expect(result["kept_segments"][0]["flight_number"]).toEqual("SW400");
    expect(result["kept_segments"][0]["fare_paid"]).toEqual(250.0);
    expect(result["kept_segments"][0]["seat"]).toEqual("12C");
    const reservation: any = db["reservations"]["ABC123"];
    const old_booking: any = ((reservation["bookings"]).filter((j: any) => (j["journey_id"] === "FL_SW300_SW400_20260322"))).map((j: any) => j);
    expect(old_booking[0]["status"]).toEqual("cancelled");
    const replacement: any = ((reservation["bookings"]).filter((j: any) => ((j["journey_id"] === "FL_SW350_20260322") && (j["status"] === "confirmed")))).map((j: any) => j);
    expect(len(replacement)).toEqual(1);
    expect(replacement[0]["segments"][0]["flight_number"]).toEqual("SW350");
    expect(replacement[0]["segments"][0]["fare_paid"]).toEqual(220.0);
    const kept: any = ((reservation["bookings"]).filter((j: any) => ((j["journey_id"] === "FL_SW300_SW400_20260322") && (j["status"] === "confirmed")))).map((j: any) => j);
    expect(len(kept)).toEqual(1);
    expect(len(kept[0]["segments"])).toEqual(1);
    const kept_seg: any = kept[0]["segments"][0];
    expect(kept_seg["flight_number"]).toEqual("SW400");
    expect(kept_seg["fare_paid"]).toEqual(250.0);
    expect(kept_seg["seat"]).toEqual("12C");
    expect(kept_seg["bags_checked"]).toEqual(1);
    expect(kept_seg["meal_request"]).toEqual("vegetarian");
  });

  it("test_rebook_flight_partial_leg_irrops", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW300_SW400_20260322", "new_journey_id": "FL_SW350_20260322", "rebooking_type": "irrops_cancellation", "waive_change_fee": false, "flight_number": "SW300" };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["partial_rebook"]).toBe(true);
    expect(result["cost_summary"]["change_fee"]).toEqual(0);
    expect(result["cost_summary"]["total_collected"]).toEqual(0);
    expect(result["cost_summary"]["fee_waived"]).toBe(true);
    expect(result["cost_summary"]["fare_difference"]).toEqual(20.0);
  });

  it("test_rebook_flight_partial_flight_not_found", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW300_SW400_20260322", "new_journey_id": "FL_SW350_20260322", "rebooking_type": "voluntary", "waive_change_fee": false, "flight_number": "SW999" };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("flight_not_found");
    expect(pyIn("SW999", result["message"])).toBe(true);
  });
});
