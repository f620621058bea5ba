/**
 * eva 0.1.3 tests/unit/airline/test_tools.py (ServiceNow/eva tag 0.1.3, commit
 * 58637852d0694b34b26630dc78c104dfc6dc5fd5), multi-step flows and the regression tests (part 1 of 2):
 * one test per upstream test, titled with its name, with its assertions. eva's `tool(params, db,
 * call_index)` is evalsim's dispatch of the same tool on the eva_airline domain (airline-tools.ts), on
 * the test's `sample_db` fixture (sample-db.ts).
 */
import { describe, expect, it } from "vitest";
import { call, get, len, pyIn } from "./airline-tools.js";
import { sampleDb as sample } from "./sample-db.js";

describe("eva test_tools.py: flows and regressions (1)", () => {
  it("test_flow_standard_voluntary_rebooking", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_reservation", { "confirmation_number": "CONF01", "last_name": "Smith" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["reservation"]["confirmation_number"]).toEqual("CONF01");
    result = call("search_rebooking_options", { "origin": "LAX", "destination": "JFK", "date": "2026-03-27", "passenger_count": 1, "fare_class": "main_cabin" }, db);
    expect(result["status"]).toEqual("success");
    const journey_ids: any = (result["options"]).map((opt: any) => opt["journey_id"]);
    expect(pyIn("FL_AA200_20260327", journey_ids)).toBe(true);
    result = call("rebook_flight", { "confirmation_number": "CONF01", "journey_id": "FL_AA100_20260327", "new_journey_id": "FL_AA200_20260327", "rebooking_type": "voluntary", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(75);
    expect(result["cost_summary"]["fare_difference"]).toEqual(50);
    expect(result["cost_summary"]["total_collected"]).toEqual(125);
    const bookings: any = db["reservations"]["CONF01"]["bookings"];
    const aa100: any = (bookings).find((b: any) => (b["journey_id"] === "FL_AA100_20260327"));
    const aa200: any = (bookings).find((b: any) => (b["journey_id"] === "FL_AA200_20260327"));
    expect(aa100["status"]).toEqual("cancelled");
    expect(aa200["status"]).toEqual("confirmed");
    result = call("assign_seat", { "confirmation_number": "CONF01", "passenger_id": "PAX001", "journey_id": "FL_AA200_20260327", "seat_preference": "window" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["seat_assigned"]).toEqual("21A");
    let aa200_refreshed: any = (db["reservations"]["CONF01"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_AA200_20260327"));
    expect(aa200_refreshed["segments"][0]["seat"]).toEqual("21A");
    result = call("add_baggage_allowance", { "confirmation_number": "CONF01", "journey_id": "FL_AA200_20260327", "num_bags": 2 }, db);
    expect(result["status"]).toEqual("success");
    expect(result["bags_checked"]).toEqual(2);
    aa200_refreshed = (db["reservations"]["CONF01"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_AA200_20260327"));
    expect(aa200_refreshed["segments"][0]["bags_checked"]).toEqual(2);
  });

  it("test_flow_irrops_cancel_and_refund", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_reservation", { "confirmation_number": "CONF02", "last_name": "Doe" }, db);
    expect(result["status"]).toEqual("success");
    result = call("get_flight_status", { "flight_number": "BB100", "flight_date": "2026-03-29" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["journey"]["status"]).toEqual("cancelled");
    result = call("get_disruption_info", { "flight_number": "BB100", "date": "2026-03-29" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["disruption"]["is_irrops"]).toBe(true);
    expect(result["disruption"]["passenger_entitled_to"]["refund_option"]).toBe(true);
    result = call("issue_meal_voucher", { "confirmation_number": "CONF02", "passenger_id": "PAX001", "voucher_reason": "cancellation_wait_same_day" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["amount"]).toEqual(15);
    expect(pyIn("MEAL-CONF02", result["voucher_code"])).toBe(true);
    expect(pyIn(result["voucher_code"], db["meal_vouchers"])).toBe(true);
    result = call("cancel_reservation", { "confirmation_number": "CONF02", "journey_id": "FL_BB100_20260329", "cancellation_reason": "irrops_refund" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["is_refundable"]).toBe(true);
    expect(result["refund_amount_eligible"]).toEqual(280.0);
    expect(result["credit_amount_eligible"]).toEqual(0);
    const bb100: any = (db["reservations"]["CONF02"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_BB100_20260329"));
    expect(bb100["status"]).toEqual("cancelled");
    expect(db["reservations"]["CONF02"]["status"]).toEqual("cancelled");
    result = call("process_refund", { "confirmation_number": "CONF02", "refund_amount": 280.0, "refund_type": "full_fare" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["refund_id"]).toEqual("REF-CONF02-001");
    expect(result["processing_days"]).toEqual(7);
    expect(pyIn("REF-CONF02-001", db["refunds"])).toBe(true);
    expect(db["refunds"]["REF-CONF02-001"]["refund_amount"]).toEqual(280.0);
    expect(db["refunds"]["REF-CONF02-001"]["initiated_date"]).toEqual("2026-02-19");
  });

  it("test_flow_irrops_rebook_no_fees", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_disruption_info", { "flight_number": "BB100", "date": "2026-03-29" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["disruption"]["is_irrops"]).toBe(true);
    result = call("search_rebooking_options", { "origin": "SFO", "destination": "ORD", "date": "2026-03-29", "passenger_count": 1, "fare_class": "main_cabin" }, db);
    expect(result["status"]).toEqual("success");
    expect((result["options"]).some((opt: any) => (opt["journey_id"] === "FL_BB200_20260329"))).toBe(true);
    result = call("rebook_flight", { "confirmation_number": "CONF02", "journey_id": "FL_BB100_20260329", "new_journey_id": "FL_BB200_20260329", "rebooking_type": "irrops_cancellation", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["change_fee"]).toEqual(0);
    expect(result["cost_summary"]["total_collected"]).toEqual(0);
    expect(result["cost_summary"]["fee_waived"]).toBe(true);
    const bookings: any = db["reservations"]["CONF02"]["bookings"];
    const bb100: any = (bookings).find((b: any) => (b["journey_id"] === "FL_BB100_20260329"));
    const bb200: any = (bookings).find((b: any) => (b["journey_id"] === "FL_BB200_20260329"));
    expect(bb100["status"]).toEqual("cancelled");
    expect(bb200["status"]).toEqual("confirmed");
    result = call("assign_seat", { "confirmation_number": "CONF02", "passenger_id": "PAX001", "journey_id": "FL_BB200_20260329", "seat_preference": "aisle" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["seat_assigned"]).toEqual("21C");
    result = call("add_baggage_allowance", { "confirmation_number": "CONF02", "journey_id": "FL_BB200_20260329", "num_bags": 1 }, db);
    expect(result["status"]).toEqual("success");
    expect(result["bags_checked"]).toEqual(1);
  });

  it("test_flow_partial_rebook_connecting_irrops", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_reservation", { "confirmation_number": "CONF03", "last_name": "Johnson" }, db);
    expect(result["status"]).toEqual("success");
    expect(len(result["reservation"]["bookings"])).toEqual(1);
    expect(len(result["reservation"]["bookings"][0]["segments"])).toEqual(2);
    result = call("get_disruption_info", { "flight_number": "CC300", "date": "2026-03-25" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["disruption"]["is_irrops"]).toBe(true);
    expect(result["disruption"]["passenger_entitled_to"]["hotel_accommodation"]).toBe(true);
    result = call("issue_meal_voucher", { "confirmation_number": "CONF03", "passenger_id": "PAX001", "voucher_reason": "cancellation_wait_same_day" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["amount"]).toEqual(15);
    result = call("rebook_flight", { "confirmation_number": "CONF03", "journey_id": "FL_CC300_CC400_20260325", "new_journey_id": "FL_CC350_20260325", "rebooking_type": "irrops_cancellation", "waive_change_fee": false, "flight_number": "CC300" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["partial_rebook"]).toBe(true);
    expect(result["replaced_segment"]["flight_number"]).toEqual("CC300");
    expect(result["replaced_segment"]["fare_paid"]).toEqual(200.0);
    expect(len(result["kept_segments"])).toEqual(1);
    expect(result["kept_segments"][0]["flight_number"]).toEqual("CC400");
    expect(result["cost_summary"]["change_fee"]).toEqual(0);
    expect(result["cost_summary"]["total_collected"]).toEqual(0);
    expect(result["cost_summary"]["fee_waived"]).toBe(true);
    expect(result["cost_summary"]["fare_difference"]).toEqual(20.0);
    const bookings: any = db["reservations"]["CONF03"]["bookings"];
    const original: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_CC300_CC400_20260325") && (b["status"] === "cancelled")));
    const cc350: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_CC350_20260325") && (b["status"] === "confirmed")));
    const kept: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_CC300_CC400_20260325") && (b["status"] === "confirmed")));
    expect(original).not.toBeNull();
    expect(cc350).not.toBeNull();
    expect(kept).not.toBeNull();
    expect(len(kept["segments"])).toEqual(1);
    expect(kept["segments"][0]["flight_number"]).toEqual("CC400");
    expect(kept["segments"][0]["seat"]).toEqual("12C");
    result = call("assign_seat", { "confirmation_number": "CONF03", "passenger_id": "PAX001", "journey_id": "FL_CC350_20260325", "seat_preference": "window" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["seat_assigned"]).toEqual("21A");
    const cc350_refreshed: any = (db["reservations"]["CONF03"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_CC350_20260325"));
    expect(cc350_refreshed["segments"][0]["seat"]).toEqual("21A");
  });

  it("test_flow_nonrefundable_cancel_one_leg_travel_credit", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_reservation", { "confirmation_number": "CONF04", "last_name": "Williams" }, db);
    expect(result["status"]).toEqual("success");
    expect(len(result["reservation"]["bookings"])).toEqual(2);
    result = call("cancel_reservation", { "confirmation_number": "CONF04", "journey_id": "FL_DD100_20260401", "cancellation_reason": "voluntary" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["is_refundable"]).toBe(false);
    expect(result["cancellation_fee"]).toEqual(100);
    expect(result["refund_amount_eligible"]).toEqual(0);
    expect(result["credit_amount_eligible"]).toEqual(250.0);
    expect(result["reservation_status"]).not.toEqual("cancelled");
    const dd100: any = (db["reservations"]["CONF04"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_DD100_20260401"));
    const dd200: any = (db["reservations"]["CONF04"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_DD200_20260415"));
    expect(dd100["status"]).toEqual("cancelled");
    expect(dd200["status"]).toEqual("confirmed");
    result = call("issue_travel_credit", { "confirmation_number": "CONF04", "passenger_id": "PAX001", "amount": 250.0, "credit_reason": "cancellation_non_refundable" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["credit_code"]).toEqual("TCCONF04PAX");
    expect(result["amount"]).toEqual(250.0);
    expect(pyIn("TCCONF04PAX", db["travel_credits"])).toBe(true);
    expect(db["travel_credits"]["TCCONF04PAX"]["issued_date"]).toEqual("2026-02-19");
    expect(db["travel_credits"]["TCCONF04PAX"]["expiry_date"]).toEqual("2027-02-19");
  });

  it("test_flow_cancel_both_legs_reservation_fully_cancelled", () => {
    const freshDb = sample();
    const db: any = freshDb;
    const result1: any = call("cancel_reservation", { "confirmation_number": "CONF04", "journey_id": "FL_DD100_20260401", "cancellation_reason": "voluntary" }, db);
    expect(result1["status"]).toEqual("success");
    expect(result1["credit_amount_eligible"]).toEqual(250.0);
    expect(result1["reservation_status"]).not.toEqual("cancelled");
    const result2: any = call("cancel_reservation", { "confirmation_number": "CONF04", "journey_id": "FL_DD200_20260415", "cancellation_reason": "voluntary" }, db);
    expect(result2["status"]).toEqual("success");
    expect(result2["credit_amount_eligible"]).toEqual(250.0);
    expect(db["reservations"]["CONF04"]["bookings"][0]["status"]).toEqual("cancelled");
    expect(db["reservations"]["CONF04"]["bookings"][1]["status"]).toEqual("cancelled");
    expect(db["reservations"]["CONF04"]["status"]).toEqual("cancelled");
    const result_r1: any = call("process_refund", { "confirmation_number": "CONF04", "refund_amount": 250.0, "refund_type": "partial_fare" }, db);
    const result_r2: any = call("process_refund", { "confirmation_number": "CONF04", "refund_amount": 250.0, "refund_type": "partial_fare" }, db);
    expect(result_r1["status"]).toEqual("success");
    expect(result_r2["status"]).toEqual("success");
    expect(result_r1["refund_id"]).toEqual("REF-CONF04-001");
    expect(result_r2["refund_id"]).toEqual("REF-CONF04-002");
    expect(result_r1["refund_id"]).not.toEqual(result_r2["refund_id"]);
    expect(len(db["refunds"])).toEqual(2);
  });

  it("test_flow_standby_for_earlier_flight", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_reservation", { "confirmation_number": "CONF01", "last_name": "Smith" }, db);
    expect(result["status"]).toEqual("success");
    result = call("search_rebooking_options", { "origin": "LAX", "destination": "JFK", "date": "2026-03-27", "passenger_count": 1, "fare_class": "main_cabin" }, db);
    expect(result["status"]).toEqual("success");
    expect((result["options"]).some((opt: any) => (opt["journey_id"] === "FL_AA200_20260327"))).toBe(true);
    result = call("add_to_standby", { "confirmation_number": "CONF01", "journey_id": "FL_AA200_20260327", "passenger_ids": ["PAX001"] }, db);
    expect(result["status"]).toEqual("success");
    expect(result["standby_list_position"]).toEqual(1);
    expect(pyIn("standby_list", db["reservations"]["CONF01"])).toBe(true);
    expect(len(db["reservations"]["CONF01"]["standby_list"])).toEqual(1);
    expect(db["reservations"]["CONF01"]["standby_list"][0]["journey_id"]).toEqual("FL_AA200_20260327");
    expect(pyIn("standby_list", db["journeys"]["FL_AA200_20260327"])).toBe(true);
    const standby_entries: any = db["journeys"]["FL_AA200_20260327"]["standby_list"];
    expect((standby_entries).some((entry: any) => (entry["passenger_id"] === "PAX001"))).toBe(true);
    const aa100: any = (db["reservations"]["CONF01"]["bookings"]).find((b: any) => (b["journey_id"] === "FL_AA100_20260327"));
    expect(aa100["status"]).toEqual("confirmed");
  });

  it("test_flow_hotel_and_meal_voucher_missed_connection", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_reservation", { "confirmation_number": "CONF03", "last_name": "Johnson" }, db);
    expect(result["status"]).toEqual("success");
    result = call("get_disruption_info", { "flight_number": "CC300", "date": "2026-03-25" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["disruption"]["passenger_entitled_to"]["hotel_accommodation"]).toBe(true);
    result = call("issue_meal_voucher", { "confirmation_number": "CONF03", "passenger_id": "PAX001", "voucher_reason": "irrops_overnight" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["amount"]).toEqual(25);
    const meal_code: any = result["voucher_code"];
    result = call("issue_hotel_voucher", { "confirmation_number": "CONF03", "passenger_id": "PAX001", "num_nights": 1 }, db);
    expect(result["status"]).toEqual("success");
    expect(result["voucher_code"]).toEqual("HOTEL-CONF03");
    expect(result["number_of_nights"]).toEqual(1);
    expect(pyIn(meal_code, db["meal_vouchers"])).toBe(true);
    expect(db["meal_vouchers"][meal_code]["amount"]).toEqual(25);
    expect(pyIn("HOTEL-CONF03", get(db, "hotel_vouchers", {}))).toBe(true);
    expect(db["hotel_vouchers"]["HOTEL-CONF03"]["num_nights"]).toEqual(1);
    expect(db["hotel_vouchers"]["HOTEL-CONF03"]["issued_date"]).toEqual("2026-02-19");
  });

  it("test_flow_multi_search_no_basic_economy_then_rebook", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("get_reservation", { "confirmation_number": "CONF01", "last_name": "Smith" }, db);
    expect(result["status"]).toEqual("success");
    result = call("search_rebooking_options", { "origin": "LAX", "destination": "JFK", "date": "2026-03-27", "passenger_count": 1, "fare_class": "basic_economy" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["count"]).toEqual(0);
    result = call("search_rebooking_options", { "origin": "LAX", "destination": "JFK", "date": "2026-03-27", "passenger_count": 1, "fare_class": "main_cabin" }, db);
    expect(result["status"]).toEqual("success");
    expect((result["count"] >= 1)).toBe(true);
    expect((result["options"]).some((opt: any) => (opt["journey_id"] === "FL_AA200_20260327"))).toBe(true);
    result = call("rebook_flight", { "confirmation_number": "CONF01", "journey_id": "FL_AA100_20260327", "new_journey_id": "FL_AA200_20260327", "rebooking_type": "voluntary", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    const bookings: any = db["reservations"]["CONF01"]["bookings"];
    expect((bookings).some((b: any) => ((b["journey_id"] === "FL_AA100_20260327") && (b["status"] === "cancelled")))).toBe(true);
    expect((bookings).some((b: any) => ((b["journey_id"] === "FL_AA200_20260327") && (b["status"] === "confirmed")))).toBe(true);
  });

  it("test_bug_meal_voucher_no_reservation_validation", () => {
    const freshDb = sample();
    const result: any = call("issue_meal_voucher", { "confirmation_number": "BOGUS9", "passenger_id": "PAX001", "voucher_reason": "cancellation_wait_same_day" }, freshDb);
    expect(result["status"], `Bug A: issue_meal_voucher accepted BOGUS9 (no reservation validation). Got: ${result}`).toEqual("error");
    expect(result["error_type"]).toEqual("not_found");
  });

  it("test_bug_partial_rebook_kept_booking_mutation_target", () => {
    const freshDb = sample();
    const db: any = freshDb;
    call("rebook_flight", { "confirmation_number": "CONF03", "journey_id": "FL_CC300_CC400_20260325", "new_journey_id": "FL_CC350_20260325", "rebooking_type": "irrops_cancellation", "waive_change_fee": false, "flight_number": "CC300" }, db);
    const result: any = call("add_baggage_allowance", { "confirmation_number": "CONF03", "journey_id": "FL_CC300_CC400_20260325", "flight_number": "CC400", "num_bags": 2 }, db);
    expect(result["status"]).toEqual("success");
    const bookings: any = db["reservations"]["CONF03"]["bookings"];
    const kept: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_CC300_CC400_20260325") && (b["status"] === "confirmed")));
    const cancelled: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_CC300_CC400_20260325") && (b["status"] === "cancelled")));
    const cc400_kept: any = (kept["segments"]).find((s: any) => (s["flight_number"] === "CC400"));
    const cc400_cancelled: any = (cancelled["segments"]).find((s: any) => (s["flight_number"] === "CC400"));
    expect(cc400_kept["bags_checked"], `Bug B: mutation went to cancelled booking. kept has ${cc400_kept["bags_checked"]}, cancelled has ${cc400_cancelled["bags_checked"]}`).toEqual(2);
    expect(cc400_cancelled["bags_checked"], "Bug B: original cancelled booking's CC400 segment was incorrectly mutated").toEqual(1);
  });

  it("test_bug_kept_booking_cancel_returns_correct_credit", () => {
    const freshDb = sample();
    const db: any = freshDb;
    call("rebook_flight", { "confirmation_number": "CONF03", "journey_id": "FL_CC300_CC400_20260325", "new_journey_id": "FL_CC350_20260325", "rebooking_type": "irrops_cancellation", "waive_change_fee": false, "flight_number": "CC300" }, db);
    const result: any = call("cancel_reservation", { "confirmation_number": "CONF03", "journey_id": "FL_CC300_CC400_20260325", "cancellation_reason": "voluntary" }, db);
    expect(result["status"], `Bug B/C: cancel_reservation found the already-cancelled original instead of the confirmed kept booking. Got: ${result}`).toEqual("success");
    expect(result["credit_amount_eligible"], `Bug C: credit computed from wrong booking. Expected 150, got ${get(result, "credit_amount_eligible")}`).toEqual(150.0);
  });

  it("test_bug_standby_position_second_call_same_flight", () => {
    const freshDb = sample();
    const db: any = freshDb;
    const result1: any = call("add_to_standby", { "confirmation_number": "CONF01", "journey_id": "FL_AA200_20260327", "passenger_ids": ["PAX001"] }, db);
    expect(result1["status"]).toEqual("success");
    expect(result1["standby_list_position"]).toEqual(1);
    const result2: any = call("add_to_standby", { "confirmation_number": "CONF01", "journey_id": "FL_AA200_20260327", "passenger_ids": ["PAX001"] }, db);
    expect(result2["status"]).toEqual("success");
    expect(result2["standby_list_position"], `Bug D: standby_list_position = len(passenger_ids) = 1, not queue position 2. Got: ${result2["standby_list_position"]}`).toEqual(2);
  });

  it("test_bug_irrops_rebook_new_booking_fare_paid_should_be_old_fare", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("rebook_flight", { "confirmation_number": "CONF02", "journey_id": "FL_BB100_20260329", "new_journey_id": "FL_BB200_20260329", "rebooking_type": "irrops_cancellation", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["total_collected"]).toEqual(0);
    const bookings: any = db["reservations"]["CONF02"]["bookings"];
    const new_booking: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_BB200_20260329") && (b["status"] === "confirmed")));
    expect(new_booking["fare_paid"], `Bug E: IRROPS rebook set fare_paid = ${new_booking["fare_paid"]} instead of old_fare 280.0`).toEqual(280.0);
    result = call("cancel_reservation", { "confirmation_number": "CONF02", "journey_id": "FL_BB200_20260329", "cancellation_reason": "irrops_refund" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["is_refundable"]).toBe(true);
    expect(result["refund_amount_eligible"], `Bug E: irrops_refund returned ${result["refund_amount_eligible"]} instead of original investment 280.0 (would be 300.0 if fare_paid was wrongly set to BB200 market fare)`).toEqual(280.0);
    expect(result["credit_amount_eligible"]).toEqual(0);
  });

  it("test_bug_voluntary_rebook_new_booking_fare_paid_should_be_new_fare", () => {
    const freshDb = sample();
    const db: any = freshDb;
    let result: any = call("rebook_flight", { "confirmation_number": "CONF01", "journey_id": "FL_AA100_20260327", "new_journey_id": "FL_AA200_20260327", "rebooking_type": "voluntary", "waive_change_fee": false }, db);
    expect(result["status"]).toEqual("success");
    expect(result["cost_summary"]["fare_difference"]).toEqual(50);
    const bookings: any = db["reservations"]["CONF01"]["bookings"];
    const new_booking: any = (bookings).find((b: any) => ((b["journey_id"] === "FL_AA200_20260327") && (b["status"] === "confirmed")));
    expect(new_booking["fare_paid"], `Bug F: voluntary rebook set fare_paid = ${new_booking["fare_paid"]} instead of new_fare 400.0`).toEqual(400.0);
    result = call("cancel_reservation", { "confirmation_number": "CONF01", "journey_id": "FL_AA200_20260327", "cancellation_reason": "voluntary" }, db);
    expect(result["status"]).toEqual("success");
    expect(result["is_refundable"]).toBe(false);
    expect(result["cancellation_fee"]).toEqual(100);
    expect(result["refund_amount_eligible"]).toEqual(0);
    expect(result["credit_amount_eligible"], `Bug F: cancel returned credit_amount_eligible=${result["credit_amount_eligible"]} instead of 300.0 (fare_paid 400.0 - cancellation_fee 100)`).toEqual(300.0);
  });
});
