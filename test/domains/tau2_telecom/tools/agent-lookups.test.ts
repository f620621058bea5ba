/**
 * The telecom back-office lookups (customers, details, bills, data usage). Expected values
 * are the NeMo reference tools' outputs on the fixture DB (run through their
 * `invoke` with today = 2025-02-25), copied here as literals.
 */
import { describe, expect, it } from "vitest";
import { lastDayOfMonth } from "../../../../src/domains/tau2_telecom/tools/calendar.js";
import type { JsonObject } from "../../../../src/json/types.js";
import { agent, failing, fixtureDb, toolError } from "../telecom-harness.js";

describe("customer lookups", () => {
  it("get_customer_by_phone matches the primary number or any of the customer's lines", () => {
    const s = agent();
    expect((s.call("get_customer_by_phone", { phone_number: "555-123-2002" }).result as JsonObject)["customer_id"]).toBe("C1001");
    expect((s.call("get_customer_by_phone", { phone_number: "555-123-2001" }).result as JsonObject)["customer_id"]).toBe("C1001");
    expect((s.call("get_customer_by_phone", { phone_number: "555-123-2005" }).result as JsonObject)["customer_id"]).toBe("C1002");
    expect(failing(s, "get_customer_by_phone", { phone_number: "555-000-0000" })).toEqual(
      toolError("Customer with phone number 555-000-0000 not found"),
    );
  });

  it("get_customer_by_id returns a copy of the record; ids are case-sensitive", () => {
    const s = agent();
    const outcome = s.call("get_customer_by_id", { customer_id: "C1003" });
    expect(outcome.result).toEqual((fixtureDb("agent")["customers"] as JsonObject[])[2]);
    expect(outcome.records).toEqual([]);
    expect(failing(s, "get_customer_by_id", { customer_id: "c1003" })).toEqual(toolError("Customer with ID c1003 not found"));
  });

  it("get_customer_by_name matches the name case-insensitively and the DOB exactly; no match is an empty list", () => {
    const s = agent();
    const found = s.call("get_customer_by_name", { full_name: "JOHN smith", dob: "1985-06-15" }).result as JsonObject[];
    expect(found.map((c) => c["customer_id"])).toEqual(["C1001"]);
    const none = s.call("get_customer_by_name", { full_name: "John Smith", dob: "1985-06-16" });
    expect(none.status).toBe("ok");
    expect(none.result).toEqual([]);
  });

  it("get_details_by_id dispatches on the id's prefix", () => {
    const s = agent();
    expect(s.call("get_details_by_id", { id: "P1002" }).result).toEqual({
      plan_id: "P1002",
      name: "Premium Plan",
      data_limit_gb: 15.0,
      price_per_month: 65.0,
      data_refueling_price_per_gb: 2.0,
    });
    expect((s.call("get_details_by_id", { id: "D1001" }).result as JsonObject)["model"]).toBe("Smartphone X");
    expect(failing(s, "get_details_by_id", { id: "X1" })).toEqual(toolError("Unknown ID format or type: X1"));
    expect(failing(s, "get_details_by_id", { id: "l1001" })).toEqual(toolError("Unknown ID format or type: l1001"));
    expect(failing(s, "get_details_by_id", { id: "L9999" })).toEqual(toolError("Object with ID L9999 not found"));
  });
});

describe("get_bills_for_customer", () => {
  const ids = (r: unknown): unknown[] => (r as JsonObject[]).map((b) => b["bill_id"]);

  it("lists newest first and slices like Python", () => {
    const s = agent();
    expect(ids(s.call("get_bills_for_customer", { customer_id: "C1001" }).result)).toEqual(["B1003", "B1002", "B1001"]);
    expect(ids(s.call("get_bills_for_customer", { customer_id: "C1001", limit: 1 }).result)).toEqual(["B1003"]);
    expect(ids(s.call("get_bills_for_customer", { customer_id: "C1001", limit: "2" }).result)).toEqual(["B1003", "B1002"]);
    expect(ids(s.call("get_bills_for_customer", { customer_id: "C1001", limit: -1 }).result)).toEqual(["B1003", "B1002"]);
    expect(s.call("get_bills_for_customer", { customer_id: "C1001", limit: 0 }).result).toEqual([]);
    expect(s.call("get_bills_for_customer", { customer_id: "C1004" }).result).toEqual([]);
    expect(failing(s, "get_bills_for_customer", { customer_id: "C9999" })).toEqual(toolError("Customer with ID C9999 not found"));
  });

  it("reports a bad limit as pydantic does", () => {
    expect(failing(agent(), "get_bills_for_customer", { customer_id: "C1001", limit: 1.5 })).toEqual({
      status: "error",
      error_type: "invalid_arguments",
      message:
        "1 validation error for GetBillsForCustomerParams\nlimit\n  Input should be a valid integer, got a number with a fractional part [type=int_from_float, input_value=1.5, input_type=float]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_from_float",
    });
  });
});

describe("get_data_usage", () => {
  it("reports usage with the cycle ending on the last day of today's month", () => {
    expect(agent().call("get_data_usage", { customer_id: "C1001", line_id: "L1002" }).result).toEqual({
      line_id: "L1002",
      data_used_gb: 8.7,
      data_limit_gb: 15.0,
      data_refueling_gb: 0.0,
      cycle_end_date: "2025-02-28",
    });
    // Python date arithmetic: the day before the first of next month.
    expect(lastDayOfMonth("2024-12-31")).toBe("2024-12-31");
    expect(lastDayOfMonth("2024-02-10")).toBe("2024-02-29");
    expect(lastDayOfMonth("2025-11-30")).toBe("2025-11-30");
  });

  it("checks that the line belongs to the customer", () => {
    const s = agent();
    expect(failing(s, "get_data_usage", { customer_id: "C1001", line_id: "L1004" })).toEqual(
      toolError("Line L1004 not found for customer C1001"),
    );
    expect(failing(s, "get_data_usage", { customer_id: "C9", line_id: "L1001" })).toEqual(toolError("Customer with ID C9 not found"));
  });
});
