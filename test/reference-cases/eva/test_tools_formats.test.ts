/**
 * eva 0.1.3 tests/unit/airline/test_tools.py (ServiceNow/eva tag 0.1.3, commit
 * 58637852d0694b34b26630dc78c104dfc6dc5fd5), the parameter-format classes: one test per upstream test,
 * titled with its name, with its assertions, and a parametrized test's parameter sets looped in its
 * one test. eva's `tool(params, db, call_index)` is evalsim's dispatch of the same tool on the
 * eva_airline domain (airline-tools.ts), on the test's `sample_db` fixture (sample-db.ts).
 */
import { describe, expect, it } from "vitest";
import { call, get, pyIn } from "./airline-tools.js";
import { sampleDb as sample } from "./sample-db.js";

describe("eva test_tools.py: parameter formats", () => {
  it("TestConfirmationNumberFormat::test_get_reservation_bad_confirmation_number", () => {
    for (const [bad_value, reason] of [["ABC", "too short"], ["ABC12345", "too long"], ["ABC-12", "contains dash"], ["ABC 12", "contains space"], ["ABC!23", "contains special character"]] as any[]) {
      const sampleDb = sample();
      const result: any = call("get_reservation", { "confirmation_number": bad_value, "last_name": "Doe" }, sampleDb);
      expect(result["status"], `Should reject confirmation_number that is ${reason}`).toEqual("error");
      expect(result["error_type"]).toEqual("invalid_confirmation_number_format");
      expect(pyIn("6 alphanumeric", result["message"])).toBe(true);
    }
  });

  it("TestConfirmationNumberFormat::test_rebook_flight_bad_confirmation_number", () => {
    for (const bad_value of ["SHORT", "TOOLONGVALUE", "AB-123"] as any[]) {
      const sampleDb = sample();
      const result: any = call("rebook_flight", { "confirmation_number": bad_value, "journey_id": "FL_SW200_20260320", "new_journey_id": "FL_SW100_20260320", "rebooking_type": "voluntary", "waive_change_fee": false }, sampleDb);
      expect(result["status"]).toEqual("error");
      expect(result["error_type"]).toEqual("invalid_confirmation_number_format");
    }
  });

  it("TestConfirmationNumberFormat::test_cancel_reservation_bad_confirmation_number", () => {
    const sampleDb = sample();
    const result: any = call("cancel_reservation", { "confirmation_number": "X", "journey_id": "FL_SW200_20260320", "cancellation_reason": "voluntary" }, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_confirmation_number_format");
  });

  it("TestFlightNumberFormat::test_get_flight_status_bad_flight_number", () => {
    for (const [bad_value, reason] of [["123", "digits only"], ["ABCDE", "letters only"], ["S1", "single letter prefix"], ["SW", "no digits"], ["SW12345", "too many digits"]] as any[]) {
      const sampleDb = sample();
      const result: any = call("get_flight_status", { "flight_number": bad_value, "flight_date": "2026-03-20" }, sampleDb);
      expect(result["status"], `Should reject flight_number that has ${reason}`).toEqual("error");
      expect(result["error_type"]).toEqual("invalid_flight_number_format");
    }
  });

  it("TestFlightNumberFormat::test_get_disruption_info_bad_flight_number", () => {
    const sampleDb = sample();
    const result: any = call("get_disruption_info", { "flight_number": "12345", "date": "2026-03-20" }, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_flight_number_format");
  });

  it("TestFlightNumberFormat::test_valid_flight_numbers_accepted", () => {
    const sampleDb = sample();
    for (const fn of ["SK1", "SW12", "ABC1234"] as any[]) {
      const result: any = call("get_flight_status", { "flight_number": fn, "flight_date": "2026-03-20" }, sampleDb);
      expect(get(result, "error_type"), `'${fn}' should be a valid flight number format`).not.toEqual("invalid_flight_number_format");
    }
  });

  it("TestDateFormat::test_get_flight_status_bad_date", () => {
    for (const [bad_value, reason] of [["03-20-2026", "US format"], ["20260320", "no dashes"], ["2026/03/20", "slashes"], ["March 20, 2026", "human readable"], ["20-03-2026", "DD-MM-YYYY"]] as any[]) {
      const sampleDb = sample();
      const result: any = call("get_flight_status", { "flight_number": "SW100", "flight_date": bad_value }, sampleDb);
      expect(result["status"], `Should reject date in ${reason}`).toEqual("error");
      expect(result["error_type"]).toEqual("invalid_date_format");
    }
  });

  it("TestDateFormat::test_search_rebooking_options_bad_date", () => {
    const sampleDb = sample();
    const result: any = call("search_rebooking_options", { "origin": "JFK", "destination": "LAX", "date": "March 2026", "passenger_count": 1, "fare_class": "any" }, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_date_format");
  });

  it("TestJourneyIdFormat::test_rebook_flight_bad_journey_id", () => {
    for (const [bad_value, reason] of [["SW200_20260320", "missing FL_ prefix"], ["FL_20260320", "missing flight number"], ["FL_SW200", "missing date"], ["FL-SW200-20260320", "dashes instead of underscores"], ["journey_123", "completely wrong format"]] as any[]) {
      const sampleDb = sample();
      const result: any = call("rebook_flight", { "confirmation_number": "ABC123", "journey_id": bad_value, "new_journey_id": "FL_SW200_20260320", "rebooking_type": "voluntary", "waive_change_fee": false }, sampleDb);
      expect(result["status"], `Should reject journey_id that is ${reason}`).toEqual("error");
      expect(result["error_type"]).toEqual("invalid_journey_id_format");
    }
  });

  it("TestJourneyIdFormat::test_multi_segment_journey_id_accepted", () => {
    const sampleDb = sample();
    const result: any = call("assign_seat", { "confirmation_number": "ABC123", "passenger_id": "PAX001", "journey_id": "FL_SW300_SW400_20260322", "seat_preference": "window" }, sampleDb);
    expect(get(result, "error_type")).not.toEqual("invalid_journey_id_format");
  });

  it("TestPassengerIdFormat::test_assign_seat_bad_passenger_id", () => {
    for (const [bad_value, reason] of [["001", "missing PAX prefix"], ["PASSENGER1", "wrong prefix"], ["PAX", "no digits"], ["pax001", "lowercase"]] as any[]) {
      const sampleDb = sample();
      const result: any = call("assign_seat", { "confirmation_number": "ABC123", "passenger_id": bad_value, "journey_id": "FL_SW200_20260320", "seat_preference": "window" }, sampleDb);
      expect(result["status"], `Should reject passenger_id that is ${reason}`).toEqual("error");
      expect(result["error_type"]).toEqual("invalid_passenger_id_format");
    }
  });

  it("TestPassengerIdFormat::test_issue_travel_credit_bad_passenger_id", () => {
    const sampleDb = sample();
    const result: any = call("issue_travel_credit", { "confirmation_number": "ABC123", "passenger_id": "passenger_1", "amount": 100.0, "credit_reason": "goodwill" }, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_passenger_id_format");
  });

  it("TestPassengerIdFormat::test_add_to_standby_bad_passenger_ids", () => {
    const sampleDb = sample();
    const result: any = call("add_to_standby", { "confirmation_number": "ABC123", "journey_id": "FL_SW200_20260320", "passenger_ids": ["INVALID"] }, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_passenger_id_format");
  });

  it("TestAirportCodeFormat::test_search_rebooking_bad_origin", () => {
    for (const [bad_origin, reason] of [["JF", "too short"], ["JFKK", "too long"], ["123", "digits"], ["J F", "contains space"]] as any[]) {
      const sampleDb = sample();
      const result: any = call("search_rebooking_options", { "origin": bad_origin, "destination": "LAX", "date": "2026-03-20", "passenger_count": 1, "fare_class": "any" }, sampleDb);
      expect(result["status"], `Should reject origin that is ${reason}`).toEqual("error");
      expect(result["error_type"]).toEqual("invalid_airport_code_format");
    }
  });

  it("TestAirportCodeFormat::test_search_rebooking_bad_destination", () => {
    const sampleDb = sample();
    const result: any = call("search_rebooking_options", { "origin": "JFK", "destination": "LA", "date": "2026-03-20", "passenger_count": 1, "fare_class": "any" }, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_airport_code_format");
  });

  it("TestNumericConstraints::test_search_rebooking_zero_passengers", () => {
    const sampleDb = sample();
    const result: any = call("search_rebooking_options", { "origin": "JFK", "destination": "LAX", "date": "2026-03-20", "passenger_count": 0, "fare_class": "any" }, sampleDb);
    expect(result["status"]).toEqual("error");
  });

  it("TestNumericConstraints::test_search_rebooking_negative_passengers", () => {
    const sampleDb = sample();
    const result: any = call("search_rebooking_options", { "origin": "JFK", "destination": "LAX", "date": "2026-03-20", "passenger_count": -1, "fare_class": "any" }, sampleDb);
    expect(result["status"]).toEqual("error");
  });

  it("TestNumericConstraints::test_add_baggage_negative_count", () => {
    const sampleDb = sample();
    const result: any = call("add_baggage_allowance", { "confirmation_number": "ABC123", "journey_id": "FL_SW200_20260320", "num_bags": -1 }, sampleDb);
    expect(result["status"]).toEqual("error");
    expect(result["error_type"]).toEqual("invalid_bag_count");
  });

  it("TestNumericConstraints::test_issue_hotel_voucher_zero_nights", () => {
    const sampleDb = sample();
    const result: any = call("issue_hotel_voucher", { "confirmation_number": "ABC123", "passenger_id": "PAX001", "num_nights": 0 }, sampleDb);
    expect(result["status"]).toEqual("error");
  });

  it("TestNumericConstraints::test_issue_travel_credit_zero_amount", () => {
    const sampleDb = sample();
    const result: any = call("issue_travel_credit", { "confirmation_number": "ABC123", "passenger_id": "PAX001", "amount": 0, "credit_reason": "goodwill" }, sampleDb);
    expect(result["status"]).toEqual("error");
  });

  it("TestNumericConstraints::test_process_refund_negative_amount", () => {
    const sampleDb = sample();
    const result: any = call("process_refund", { "confirmation_number": "ABC123", "refund_amount": -50.0, "refund_type": "full_fare" }, sampleDb);
    expect(result["status"]).toEqual("error");
  });

  it("TestErrorMessageDetail::test_confirmation_number_message_includes_format_hint", () => {
    const sampleDb = sample();
    const result: any = call("get_reservation", { "confirmation_number": "ABC", "last_name": "Doe" }, sampleDb);
    expect(pyIn("6 alphanumeric", result["message"])).toBe(true);
  });

  it("TestErrorMessageDetail::test_flight_number_message_includes_format_hint", () => {
    const sampleDb = sample();
    const result: any = call("get_flight_status", { "flight_number": "12345", "flight_date": "2026-03-20" }, sampleDb);
    expect(pyIn("2-3 letters", result["message"])).toBe(true);
  });

  it("TestErrorMessageDetail::test_date_message_includes_format_hint", () => {
    const sampleDb = sample();
    const result: any = call("get_flight_status", { "flight_number": "SW100", "flight_date": "03-20-2026" }, sampleDb);
    expect(pyIn("YYYY-MM-DD", result["message"])).toBe(true);
  });

  it("TestErrorMessageDetail::test_journey_id_message_includes_format_hint", () => {
    const sampleDb = sample();
    const result: any = call("cancel_reservation", { "confirmation_number": "ABC123", "journey_id": "bad_id", "cancellation_reason": "voluntary" }, sampleDb);
    expect(pyIn("FL_", result["message"])).toBe(true);
  });

  it("TestErrorMessageDetail::test_passenger_id_message_includes_format_hint", () => {
    const sampleDb = sample();
    const result: any = call("assign_seat", { "confirmation_number": "ABC123", "passenger_id": "invalid", "journey_id": "FL_SW200_20260320", "seat_preference": "window" }, sampleDb);
    expect(pyIn("PAX", result["message"])).toBe(true);
  });

  it("TestErrorMessageDetail::test_airport_code_message_includes_format_hint", () => {
    const sampleDb = sample();
    const result: any = call("search_rebooking_options", { "origin": "XX", "destination": "LAX", "date": "2026-03-20", "passenger_count": 1, "fare_class": "any" }, sampleDb);
    expect(pyIn("3-letter", result["message"])).toBe(true);
  });
});
