/**
 * eva's error results: argument validation (validation_error_response) and the missing DB.
 * Every expected error result below was produced by calling the
 * reference tool (eva_airline_tools.py + eva_airline_params.py, pydantic 2.13)
 * with the same arguments on scenario 1.1.2.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { scenarioDb, session } from "./harness.js";

const VALIDATION_CASES: [string, JsonObject, JsonValue][] = [
  ["GetReservationTool", {}, {"status": "error", "error_type": "invalid_confirmation_number_format", "message": "Invalid confirmation_number '{}': must be 6 alphanumeric characters"}],
  ["GetReservationTool", {"confirmation_number": "ZK3FFW"}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'last_name': Field required"}],
  ["GetReservationTool", {"confirmation_number": 123456, "last_name": 5}, {"status": "error", "error_type": "invalid_confirmation_number_format", "message": "Invalid confirmation_number '123456': must be 6 alphanumeric characters"}],
  ["GetReservationTool", {"confirmation_number": "ZK3FFW\n", "last_name": "a"}, {"status": "error", "error_type": "invalid_confirmation_number_format", "message": "Invalid confirmation_number 'ZK3FFW\n': must be 6 alphanumeric characters"}],
  ["GetReservationTool", {"confirmation_number": null, "last_name": "a"}, {"status": "error", "error_type": "invalid_confirmation_number_format", "message": "Invalid confirmation_number 'None': must be 6 alphanumeric characters"}],
  ["GetReservationTool", {"confirmation_number": ["a", 1.5, null, true, {"k": "it's"}], "last_name": "a"}, {"status": "error", "error_type": "invalid_confirmation_number_format", "message": "Invalid confirmation_number '['a', 1.5, None, True, {'k': \"it's\"}]': must be 6 alphanumeric characters"}],
  ["GetReservationTool", {"confirmation_number": {"a": "x\ty\u00e9\u200b'\"\\"}, "last_name": "x"}, {"status": "error", "error_type": "invalid_confirmation_number_format", "message": "Invalid confirmation_number '{'a': 'x\\ty\u00e9\\u200b\\'\"\\\\'}': must be 6 alphanumeric characters"}],
  ["GetFlightStatusTool", {"flight_number": "S", "flight_date": "2026-03-20"}, {"status": "error", "error_type": "invalid_flight_number_format", "message": "Invalid flight_number 'S': must be 2-3 letters followed by 1-4 digits (e.g. SK621)"}],
  ["GetFlightStatusTool", {"flight_number": "SK621", "flight_date": "\uff12\uff10\uff12\uff16-03-20"}, {"status": "error", "error_type": "not_found", "message": "Flight SK621 not found for date \uff12\uff10\uff12\uff16-03-20"}],
  ["GetFlightStatusTool", {"flight_number": "SK621", "flight_date": "20-03-2026"}, {"status": "error", "error_type": "invalid_date_format", "message": "Invalid flight_date '20-03-2026': must be YYYY-MM-DD"}],
  ["GetDisruptionInfoTool", {"flight_number": "SK621"}, {"status": "error", "error_type": "invalid_date_format", "message": "Invalid date '{'flight_number': 'SK621'}': must be YYYY-MM-DD"}],
  ["SearchRebookingOptionsTool", {"origin": "aus", "destination": "LAX", "date": "2026-03-20", "passenger_count": 0, "fare_class": "any"}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'passenger_count': Input should be greater than or equal to 1"}],
  ["SearchRebookingOptionsTool", {"origin": "aus", "destination": "LAX", "date": "2026-03-20", "passenger_count": 1, "fare_class": "cheap"}, {"status": "error", "error_type": "invalid_fare_class", "message": "Invalid fare_class 'cheap': Input should be 'basic_economy', 'main_cabin', 'premium_economy', 'business', 'first' or 'any'"}],
  ["SearchRebookingOptionsTool", {"origin": "aus", "destination": "LAX", "date": "2026-03-20", "passenger_count": "x", "fare_class": 5}, {"status": "error", "error_type": "invalid_fare_class", "message": "Invalid fare_class '5': Input should be 'basic_economy', 'main_cabin', 'premium_economy', 'business', 'first' or 'any'"}],
  ["SearchRebookingOptionsTool", {"origin": "AUSX", "destination": "LAX", "date": "2026-03-20", "passenger_count": 1.5, "fare_class": "any"}, {"status": "error", "error_type": "invalid_airport_code_format", "message": "Invalid origin 'AUSX': must be 3-letter airport code (e.g. JFK)"}],
  ["RebookFlightTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "new_journey_id": "FL_SK703_20260325", "rebooking_type": "voluntary", "waive_change_fee": "maybe"}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'waive_change_fee': Input should be a valid boolean, unable to interpret input"}],
  ["RebookFlightTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "new_journey_id": "FL_SK703_20260325", "rebooking_type": "voluntary", "waive_change_fee": 2.5}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'waive_change_fee': Input should be a valid boolean"}],
  ["RebookFlightTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "new_journey_id": "FL_SK703_20260325", "rebooking_type": "voluntary", "waive_change_fee": false, "flight_number": "bad"}, {"status": "error", "error_type": "invalid_flight_number_format", "message": "Invalid flight_number 'bad': String should match pattern '^[A-Za-z]{2,3}\\d{1,4}$'"}],
  ["RebookFlightTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "new_journey_id": "FL_SK703_20260325", "rebooking_type": "voluntary", "waive_change_fee": false, "new_fare_class": "any"}, {"status": "error", "error_type": "invalid_fare_class", "message": "Invalid new_fare_class 'any': Input should be 'basic_economy', 'main_cabin', 'premium_economy', 'business' or 'first'"}],
  ["RebookFlightTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_20260320", "new_journey_id": "x", "rebooking_type": "bogus", "waive_change_fee": 1}, {"status": "error", "error_type": "invalid_journey_id_format", "message": "Invalid journey_id 'FL_20260320': must be FL_<flight>_<YYYYMMDD> (e.g. FL_SK621_20260320)"}],
  ["RebookFlightTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "new_journey_id": "FL_SK703_20260325", "rebooking_type": "Voluntary", "waive_change_fee": false}, {"status": "error", "error_type": "invalid_rebooking_type", "message": "Invalid rebooking_type 'Voluntary': Input should be 'voluntary', 'same_day', 'irrops_cancellation', 'irrops_delay', 'irrops_schedule_change', 'missed_flight_passenger_fault' or 'missed_connection_airline_fault'"}],
  ["CancelReservationTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "cancellation_reason": "rule_24_hour"}, {"status": "error", "error_type": "invalid_cancellation_reason", "message": "Invalid cancellation_reason 'rule_24_hour': Input should be 'voluntary', 'irrops_refund', '24_hour_rule', 'schedule_unacceptable', 'medical' or 'bereavement'"}],
  ["ProcessRefundTool", {"confirmation_number": "ZK3FFW", "refund_amount": -5, "refund_type": "x"}, {"status": "error", "error_type": "invalid_refund_type", "message": "Invalid refund_type 'x': Input should be 'full_fare', 'partial_fare', 'taxes_only' or 'ancillary_fees'"}],
  ["ProcessRefundTool", {"confirmation_number": "ZK3FFW", "refund_amount": null, "refund_type": "full_fare"}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'refund_amount': Input should be a valid number"}],
  ["ProcessRefundTool", {"confirmation_number": "ZK3FFW", "refund_amount": "nan", "refund_type": "full_fare"}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'refund_amount': Input should be greater than 0"}],
  ["AssignSeatTool", {"confirmation_number": "ZK3FFW", "passenger_id": "pax001", "journey_id": "FL_SK621_20260320", "seat_preference": "window"}, {"status": "error", "error_type": "invalid_passenger_id_format", "message": "Invalid passenger_id 'pax001': must be PAX<digits> (e.g. PAX001)"}],
  ["AssignSeatTool", {"confirmation_number": "ZK3FFW", "passenger_id": "PAX001", "journey_id": "FL_SK621_20260320", "seat_preference": "exit_row"}, {"status": "error", "error_type": "invalid_seat_preference", "message": "Invalid seat_preference 'exit_row': Input should be 'window', 'aisle', 'middle' or 'no_preference'"}],
  ["AddToStandbyTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "passenger_ids": "PAX001"}, {"status": "error", "error_type": "invalid_passenger_id_format", "message": "Invalid passenger_ids 'PAX001': Input should be a valid list"}],
  ["AddToStandbyTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "passenger_ids": ["PAX001", "bad", 3]}, {"status": "error", "error_type": "invalid_passenger_id_format", "message": "Invalid passenger_ids 'bad': String should match pattern '^PAX\\d+$'"}],
  ["AddToStandbyTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320"}, {"status": "error", "error_type": "invalid_passenger_id_format", "message": "Invalid passenger_ids '{'confirmation_number': 'ZK3FFW', 'journey_id': 'FL_SK621_20260320'}': Field required"}],
  ["AddBaggageAllowanceTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "num_bags": -1}, {"status": "error", "error_type": "invalid_bag_count", "message": "Invalid num_bags '-1': Input should be greater than or equal to 0"}],
  ["AddBaggageAllowanceTool", {"confirmation_number": "ZK3FFW", "journey_id": "FL_SK621_20260320", "num_bags": 2.5}, {"status": "error", "error_type": "invalid_bag_count", "message": "Invalid num_bags '2.5': Input should be a valid integer, got a number with a fractional part"}],
  ["IssueTravelCreditTool", {"confirmation_number": "ZK3FFW", "passenger_id": "PAX001", "amount": 0, "credit_reason": "goodwill"}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'amount': Input should be greater than 0"}],
  ["IssueTravelCreditTool", {"confirmation_number": "ZK3FFW", "passenger_id": "PAX001", "amount": 10, "credit_reason": "apology"}, {"status": "error", "error_type": "invalid_credit_reason", "message": "Invalid credit_reason 'apology': Input should be 'cancellation_non_refundable', 'fare_difference_negative', 'service_recovery', 'goodwill' or 'downgrade_compensation'"}],
  ["IssueHotelVoucherTool", {"confirmation_number": "ZK3FFW", "passenger_id": "PAX001", "num_nights": null}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'num_nights': Input should be a valid integer"}],
  ["IssueMealVoucherTool", {"confirmation_number": "ZK3FFW", "passenger_id": "PAX001", "voucher_reason": null}, {"status": "error", "error_type": "invalid_voucher_reason", "message": "Invalid voucher_reason 'None': Input should be 'delay_over_2_hours', 'delay_over_4_hours', 'cancellation_wait_same_day' or 'irrops_overnight'"}],
  ["IssueMealVoucherTool", {"confirmation_number": "ZK3FFW", "passenger_id": "PAX001", "voucher_reason": true}, {"status": "error", "error_type": "invalid_voucher_reason", "message": "Invalid voucher_reason 'True': Input should be 'delay_over_2_hours', 'delay_over_4_hours', 'cancellation_wait_same_day' or 'irrops_overnight'"}],
  ["TransferToAgentTool", {"confirmation_number": "ZK3FFW", "transfer_reason": null, "issue_summary": "x"}, {"status": "error", "error_type": "invalid_parameter", "message": "Invalid or missing parameter 'transfer_reason': Input should be a valid string"}],
];

describe("argument validation errors, as eva's validation_error_response builds them", () => {
  it.each(VALIDATION_CASES)("%s %j", (tool, args, expected) => {
    const s = session(scenarioDb("1.1.2"));
    const before = s.hash;
    const out = s.call(tool, args);
    expect(out.result).toStrictEqual(expected);
    expect(out.records).toStrictEqual([]);
    expect(s.hash).toBe(before);
  });
});

describe("a missing or empty DB", () => {
  it("is reported after argument validation, as in the reference", () => {
    const s = session({});
    expect(s.call("GetReservationTool", { confirmation_number: "ZK3FFW", last_name: "x" }).result).toStrictEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario database not loaded. This indicates a fixture-loading bug; contact the evaluator.",
    });
    expect(s.call("GetReservationTool", { confirmation_number: "Z", last_name: "x" }).result).toStrictEqual({
      status: "error",
      error_type: "invalid_confirmation_number_format",
      message: "Invalid confirmation_number 'Z': must be 6 alphanumeric characters",
    });
    // A failed transfer does not end the conversation.
    const transfer = s.call("TransferToAgentTool", { confirmation_number: "ZK3FFW", transfer_reason: "a", issue_summary: "b" });
    expect((transfer.result as JsonObject)["error_type"]).toBe("db_not_initialized");
    expect(transfer.exit).toBe(false);
  });
});
