/**
 * eva 0.1.3 tests/unit/airline/test_tools.py (ServiceNow/eva tag 0.1.3, commit
 * 58637852d0694b34b26630dc78c104dfc6dc5fd5), tools one by one (part 1 of 2): one test per upstream
 * test, titled with its name, with its assertions. eva's `tool(params, db, call_index)` is evalsim's
 * dispatch of the same tool on the eva_airline domain (airline-tools.ts), on the test's `sample_db`
 * fixture (sample-db.ts). Three get_reservation tests assert NeMo's side of divergence
 * `eva_airline:get-reservation-follows-nemo`: no `session` write, no flight details added to the
 * bookings.
 */
import { describe, expect, it } from "vitest";
import { call, len, pyIn } from "./airline-tools.js";
import { loadKnownDivergences } from "../../../src/loaders/known-divergences.js";
import { sampleDb as sample } from "./sample-db.js";

/** The three get_reservation tests assert NeMo's side of this recorded divergence. */
const divergence = loadKnownDivergences().find((d) => d.id === "eva_airline:get-reservation-follows-nemo");

describe("eva test_tools.py: reservation, flights, rebooking, ancillaries, compensation, cancellation (1)", () => {
  it("test_get_reservation_success", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "abc123", "last_name": "Doe" };
    const result: any = call("get_reservation", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["reservation"]["confirmation_number"]).toEqual("ABC123");
    expect(len(result["reservation"]["bookings"])).toEqual(3);
    expect(result["reservation"]["bookings"][0]["status"]).toEqual("cancelled");
    expect(result["reservation"]["bookings"][1]["status"]).toEqual("confirmed");
  });

  it("test_get_reservation_writes_session", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "abc123", "last_name": "Doe" };
    // eva: session.confirmation_number "ABC123", session.last_name "doe". NeMo writes no session.
    const before = structuredClone(sampleDb);
    expect(call("get_reservation", params, sampleDb)["status"]).toEqual("success");
    expect(pyIn("session", sampleDb)).toBe(false);
    expect(sampleDb).toEqual(before);
    expect(divergence).toBeDefined();
  });

  it("test_get_reservation_session_last_name_lowercased", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "last_name": "DOE" };
    // eva: session.last_name "doe". NeMo writes no session.
    expect(call("get_reservation", params, sampleDb)["status"]).toEqual("success");
    expect(pyIn("session", sampleDb)).toBe(false);
    expect(divergence).toBeDefined();
  });

  it("test_get_reservation_failed_auth_does_not_write_session", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "last_name": "Wrong" };
    const result: any = call("get_reservation", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(pyIn("session", sampleDb)).toBe(false);
  });

  it("test_get_reservation_not_found_does_not_write_session", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "XXXXXX", "last_name": "Smith" };
    const result: any = call("get_reservation", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("not_found");
    expect(pyIn("XXXXXX", result["message"])).toBe(true);
    expect(pyIn("session", sampleDb)).toBe(false);
  });

  it("test_get_reservation_enriches_with_flight_details", () => {
    const sampleDb = sample();
    const result = call("get_reservation", { confirmation_number: "ABC123", last_name: "Doe" }, sampleDb);
    expect(result["status"]).toEqual("success");
    const byJourney = Object.fromEntries((result["reservation"]["bookings"] as any[]).map((b) => [b["journey_id"], b]));
    // eva adds origin LAX, destination JFK and the scheduled times (10:00-18:00, 14:00-22:00) from the
    // journeys table. NeMo returns the segments as stored.
    for (const journey of ["FL_SW100_20260320", "FL_SW200_20260320"]) {
      const seg = byJourney[journey]["segments"][0];
      const stored = (sampleDb["reservations"]["ABC123"]["bookings"] as any[]).find((b) => b["journey_id"] === journey)["segments"][0];
      expect(seg).toEqual(stored);
      for (const key of ["origin", "destination", "scheduled_departure", "scheduled_arrival"]) expect(pyIn(key, seg)).toBe(false);
    }
    const dbSeg = sampleDb["reservations"]["ABC123"]["bookings"][1]["segments"][0];
    expect(pyIn("scheduled_departure", dbSeg)).toBe(false);
    expect(divergence).toBeDefined();
  });
  it("test_get_flight_status_success", () => {
    const sampleDb = sample();
    const params: any = { "flight_number": "SW200", "flight_date": "2026-03-20" };
    const result: any = call("get_flight_status", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["journey"]["segments"][0]["flight_number"]).toEqual("SW200");
    expect(result["journey"]["status"]).toEqual("scheduled");
  });

  it("test_get_flight_status_cancelled", () => {
    const sampleDb = sample();
    const params: any = { "flight_number": "SW100", "flight_date": "2026-03-20" };
    const result: any = call("get_flight_status", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["journey"]["segments"][0]["flight_number"]).toEqual("SW100");
    expect(result["journey"]["status"]).toEqual("cancelled");
    expect(result["journey"]["segments"][0]["cancellation_reason"]).toEqual("weather");
  });

  it("test_get_flight_status_not_found", () => {
    const sampleDb = sample();
    const params: any = { "flight_number": "SW999", "flight_date": "2026-03-20" };
    const result: any = call("get_flight_status", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("not_found");
  });

  it("test_get_disruption_info_success", () => {
    const sampleDb = sample();
    const params: any = { "flight_number": "SW100", "date": "2026-03-20" };
    const result: any = call("get_disruption_info", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["disruption"]["disruption_type"]).toEqual("cancellation");
    expect(result["disruption"]["cause"]).toEqual("weather");
    expect(result["disruption"]["is_irrops"]).toBe(true);
    expect(result["disruption"]["passenger_entitled_to"]["fee_waiver"]).toBe(true);
  });

  it("test_search_rebooking_options_success", () => {
    const sampleDb = sample();
    const params: any = { "origin": "LAX", "destination": "JFK", "date": "2026-03-20", "passenger_count": 1, "fare_class": "main_cabin" };
    const result: any = call("search_rebooking_options", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["count"]).toEqual(1);
    expect(len(result["options"])).toEqual(1);
    expect(result["options"][0]["departure_time"]).toEqual("14:00");
    const option: any = result["options"][0];
    expect(pyIn("available_seat_types", option)).toBe(false);
  });

  it("test_search_rebooking_options_no_results", () => {
    const sampleDb = sample();
    const params: any = { "origin": "LAX", "destination": "SFO", "date": "2026-03-20", "passenger_count": 1, "fare_class": "main_cabin" };
    const result: any = call("search_rebooking_options", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["count"]).toEqual(0);
    expect(len(result["options"])).toEqual(0);
  });

  it("test_search_rebooking_options_cabin_any", () => {
    const sampleDb = sample();
    const params: any = { "origin": "LAX", "destination": "JFK", "date": "2026-03-20", "passenger_count": 1, "fare_class": "any" };
    const result: any = call("search_rebooking_options", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["count"]).toEqual(1);
  });

  it("test_rebook_flight_voluntary_success", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "voluntary", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["confirmation_number"]).toEqual("ABC123");
    expect(result["cost_summary"]["change_fee"]).toEqual(75);
    expect(result["cost_summary"]["fare_difference"]).toEqual(50);
    expect(result["cost_summary"]["total_collected"]).toEqual(125);
    const reservation: any = db["reservations"]["ABC123"];
    expect(reservation["status"]).toEqual("changed");
    expect(len(reservation["bookings"])).toEqual(4);
    expect(reservation["bookings"][0]["status"]).toEqual("cancelled");
    const new_booking: any = reservation["bookings"][3];
    expect(new_booking["status"]).toEqual("confirmed");
    expect(new_booking["journey_id"]).toEqual("FL_SW200_20260320");
    expect(len(new_booking["segments"])).toEqual(1);
    expect(new_booking["segments"][0]["flight_number"]).toEqual("SW200");
    expect(new_booking["segments"][0]["seat"]).toBeNull();
  });

  it("test_rebook_flight_irrops_no_fees", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "irrops_cancellation", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(0);
    expect(result["cost_summary"]["total_collected"]).toEqual(0);
    expect(result["cost_summary"]["fee_waived"]).toBe(true);
  });

  it("test_rebook_flight_voluntary_basic_economy_fee", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    db["reservations"]["ABC123"]["bookings"][0]["fare_class"] = "basic_economy";
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "voluntary", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(75);
  });

  it("test_rebook_flight_same_day_basic_economy_penalty_fee", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    db["reservations"]["ABC123"]["bookings"][0]["fare_class"] = "basic_economy";
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "same_day", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(199);
  });

  it("test_rebook_flight_same_day_main_cabin_standard_fee", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "same_day", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(75);
  });

  it("test_rebook_flight_same_day_business_class_fee", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    db["reservations"]["ABC123"]["bookings"][0]["fare_class"] = "business";
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "same_day", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(75);
  });

  it("test_rebook_flight_voluntary_business_class_no_fee", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    db["reservations"]["ABC123"]["bookings"][0]["fare_class"] = "business";
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "voluntary", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(0);
  });

  it("test_rebook_flight_same_day_basic_economy_waived_for_elite", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    db["reservations"]["ABC123"]["bookings"][0]["fare_class"] = "basic_economy";
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "same_day", "waive_change_fee": true };
    const result: any = call("rebook_flight", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(0);
    expect(result["cost_summary"]["fee_waived"]).toBe(true);
  });

  it("test_rebook_flight_reservation_not_found", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "XXXXXX", "journey_id": "FL_SW100_20260320", "new_journey_id": "FL_SW200_20260320", "rebooking_type": "voluntary", "waive_change_fee": false };
    const result: any = call("rebook_flight", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("not_found");
  });

  it("test_assign_seat_success", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "passenger_id": "PAX001", "journey_id": "FL_SW200_20260320", "seat_preference": "window" };
    const result: any = call("assign_seat", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["seat_assigned"]).toEqual("21A");
    expect(result["preference"]).toEqual("window");
    const reservation: any = db["reservations"]["ABC123"];
    expect(reservation["bookings"][1]["segments"][0]["seat"]).toEqual("21A");
  });

  it("test_add_baggage_allowance_success", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW200_20260320", "num_bags": 2 };
    const result: any = call("add_baggage_allowance", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["bags_checked"]).toEqual(2);
    const reservation: any = db["reservations"]["ABC123"];
    expect(reservation["bookings"][1]["segments"][0]["bags_checked"]).toEqual(2);
  });

  it("test_add_baggage_invalid_count", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW200_20260320", "num_bags": 10 };
    const result: any = call("add_baggage_allowance", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_bag_count");
  });

  it("test_add_meal_request_success", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "passenger_id": "PAX001", "journey_id": "FL_SW200_20260320", "meal_type": "vegetarian" };
    const result: any = call("add_meal_request", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["meal_type"]).toEqual("vegetarian");
    const reservation: any = db["reservations"]["ABC123"];
    expect(reservation["bookings"][1]["segments"][0]["meal_request"]).toEqual("vegetarian");
  });

  it("test_issue_travel_credit_success", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "passenger_id": "PAX001", "amount": 50.0, "credit_reason": "service_recovery" };
    const result: any = call("issue_travel_credit", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["amount"]).toEqual(50.0);
    expect(result["credit_code"]).toEqual("TCABC123PAX");
    expect(result["valid_months"]).toEqual(12);
  });

  it("test_issue_travel_credit_invalid_reason", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "passenger_id": "PAX001", "amount": 50.0, "credit_reason": "invalid_reason" };
    const result: any = call("issue_travel_credit", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_credit_reason");
  });

  it("test_issue_hotel_voucher_success", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "passenger_id": "PAX001", "num_nights": 2 };
    const result: any = call("issue_hotel_voucher", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["number_of_nights"]).toEqual(2);
    expect(result["voucher_code"]).toEqual("HOTEL-ABC123");
  });

  it("test_issue_meal_voucher_success", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "passenger_id": "PAX001", "voucher_reason": "delay_over_4_hours" };
    const result: any = call("issue_meal_voucher", params, sampleDb);
    expect(result["status"]).toEqual("success");
    expect(result["amount"]).toEqual(15);
    expect(pyIn("MEAL-ABC123", result["voucher_code"])).toBe(true);
  });

  it("test_cancel_segment_refundable", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    db["reservations"]["ABC123"]["fare_type"] = "refundable";
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW200_20260320", "cancellation_reason": "voluntary" };
    const result: any = call("cancel_reservation", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["journey_id"]).toEqual("FL_SW200_20260320");
    expect(result["is_refundable"]).toBe(true);
    expect(result["cancellation_fee"]).toEqual(0);
    expect(result["refund_amount_eligible"]).toEqual(400.0);
    expect(result["credit_amount_eligible"]).toEqual(0);
    expect(result["reservation_status"]).toEqual("active");
  });

  it("test_cancel_segment_non_refundable", () => {
    const sampleDb = sample();
    const db: any = structuredClone(sampleDb);
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW200_20260320", "cancellation_reason": "voluntary" };
    const result: any = call("cancel_reservation", params, db);
    expect(result["status"]).toEqual("success");
    expect(result["is_refundable"]).toBe(false);
    expect(result["cancellation_fee"]).toEqual(100);
    expect(result["refund_amount_eligible"]).toEqual(0);
    expect(result["credit_amount_eligible"]).toEqual(300.0);
  });

  it("test_cancel_segment_already_cancelled", () => {
    const sampleDb = sample();
    const params: any = { "confirmation_number": "ABC123", "journey_id": "FL_SW100_20260320", "cancellation_reason": "voluntary" };
    const result: any = call("cancel_reservation", params, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("already_cancelled");
  });
});
