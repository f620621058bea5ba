/**
 * Travel credits, hotel and meal vouchers. Expected values come from
 * running the same calls through the reference tools (eva_airline_tools.py
 * under CPython 3.11) on the same DBs.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { at, bare, scenarioDb, session } from "../harness.js";

/** Scenario 2.1.1 with a second passenger, PAX002. */
function twoPassengerDb(): JsonObject {
  const db = scenarioDb("2.1.1");
  const passengers = at(db, "reservations", "FAR0UM", "passengers") as JsonObject[];
  passengers.push({ ...(passengers[0] as JsonObject), passenger_id: "PAX002", first_name: "Sam" });
  return db;
}

describe("IssueTravelCreditTool, IssueHotelVoucherTool, IssueMealVoucherTool", () => {
  it("mint codes from the reservation and the passenger id's prefix, so a second passenger's voucher replaces the first", () => {
    const s = session(twoPassengerDb());
    const credit = s.call("IssueTravelCreditTool", { confirmation_number: "far0um", passenger_id: "PAX001", amount: 150, credit_reason: "goodwill" });
    expect(credit.result).toStrictEqual({
      status: "success",
      confirmation_number: "FAR0UM",
      passenger_id: "PAX001",
      credit_code: "TCFAR0UMPAX",
      amount: 150,
      valid_months: 12,
      message: "$150.0 travel credit issued with code TCFAR0UMPAX",
    });
    expect(bare(credit.records)).toStrictEqual([
      { action_type: "issue_travel_credit", confirmation_number: "FAR0UM", passenger_id: "PAX001", amount: 150, credit_reason: "goodwill" },
    ]);
    const second = s.call("IssueTravelCreditTool", { confirmation_number: "FAR0UM", passenger_id: "PAX002", amount: "33.33", credit_reason: "service_recovery" });
    expect(at(second.result, "message")).toBe("$33.33 travel credit issued with code TCFAR0UMPAX");
    expect(s.call("IssueTravelCreditTool", { confirmation_number: "FAR0UN", passenger_id: "PAX002", amount: 5, credit_reason: "goodwill" }).result).toStrictEqual({
      status: "error",
      error_type: "not_found",
      message: "Reservation FAR0UN not found",
    });

    expect(s.call("IssueHotelVoucherTool", { confirmation_number: "FAR0UM", passenger_id: "PAX001", num_nights: 4 }).result).toStrictEqual({
      status: "error",
      error_type: "exceeds_authority",
      message: "Hotel vouchers can be issued for maximum of 3 nights",
    });
    expect(s.call("IssueHotelVoucherTool", { confirmation_number: "FAR0UM", passenger_id: "PAX001", num_nights: 0 }).result).toStrictEqual({
      status: "error",
      error_type: "invalid_parameter",
      message: "Invalid or missing parameter 'num_nights': Input should be greater than or equal to 1",
    });
    expect(s.call("IssueHotelVoucherTool", { confirmation_number: "far0um", passenger_id: "PAX002", num_nights: 3 }).result).toStrictEqual({
      status: "success",
      confirmation_number: "FAR0UM",
      passenger_id: "PAX002",
      voucher_code: "HOTEL-FAR0UM",
      number_of_nights: 3,
      valid_at: "Any hotels in airport area",
      message: "Hotel voucher issued with code HOTEL-FAR0UM for 3 nights",
    });

    const meal = s.call("IssueMealVoucherTool", { confirmation_number: "FAR0UM", passenger_id: "PAX001", voucher_reason: "delay_over_2_hours" });
    expect(meal.result).toStrictEqual({
      status: "success",
      confirmation_number: "FAR0UM",
      passenger_id: "PAX001",
      voucher_code: "MEAL-FAR0UM-PAX0",
      amount: 12,
      valid_at: "Airport terminal restaurants",
      message: "$12 meal voucher issued with code MEAL-FAR0UM-PAX0",
    });
    expect(bare(meal.records)).toStrictEqual([
      { action_type: "issue_meal_voucher", confirmation_number: "FAR0UM", passenger_id: "PAX001", voucher_reason: "delay_over_2_hours", amount: 12 },
    ]);
    expect(at(s.call("IssueMealVoucherTool", { confirmation_number: "FAR0UM", passenger_id: "PAX002", voucher_reason: "irrops_overnight" }).result, "amount")).toBe(25);
    expect(at(s.call("IssueMealVoucherTool", { confirmation_number: "FAR0UM", passenger_id: "PAX1", voucher_reason: "delay_over_4_hours" }).result, "voucher_code")).toBe(
      "MEAL-FAR0UM-PAX1",
    );

    expect({ travel_credits: s.db["travel_credits"], hotel_vouchers: s.db["hotel_vouchers"], meal_vouchers: s.db["meal_vouchers"] }).toStrictEqual({
      travel_credits: {
        TCFAR0UMPAX: {
          credit_code: "TCFAR0UMPAX",
          confirmation_number: "FAR0UM",
          passenger_id: "PAX002",
          amount: 33.33,
          credit_reason: "service_recovery",
          issued_date: "2026-04-14",
          expiry_date: "2027-04-14",
          status: "active",
        },
      },
      hotel_vouchers: {
        "HOTEL-FAR0UM": { voucher_code: "HOTEL-FAR0UM", confirmation_number: "FAR0UM", passenger_id: "PAX002", num_nights: 3, issued_date: "2026-04-14", status: "active" },
      },
      meal_vouchers: {
        "MEAL-FAR0UM-PAX0": {
          voucher_code: "MEAL-FAR0UM-PAX0",
          confirmation_number: "FAR0UM",
          passenger_id: "PAX002",
          amount: 25,
          voucher_reason: "irrops_overnight",
          issued_date: "2026-04-14",
          status: "active",
        },
        "MEAL-FAR0UM-PAX1": {
          voucher_code: "MEAL-FAR0UM-PAX1",
          confirmation_number: "FAR0UM",
          passenger_id: "PAX1",
          amount: 15,
          voucher_reason: "delay_over_4_hours",
          issued_date: "2026-04-14",
          status: "active",
        },
      },
    });
    expect(s.hash).toBe("be00a55514750e565cfabdec977702c4c9cf3679b5d3c4cf9c82c7774dfc5644");
  });
});
