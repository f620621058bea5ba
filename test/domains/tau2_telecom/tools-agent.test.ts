/**
 * The 13 telecom back-office tools, one behaviour at a time. Expected values
 * are the NeMo reference tools' outputs on the fixture DB (run through their
 * `invoke` with today = 2025-02-25), copied here as literals.
 */
import { describe, expect, it } from "vitest";
import { lastDayOfMonth } from "../../../src/domains/tau2_telecom/tools/calendar.js";
import type { JsonObject } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { fixedHexRng, fixtureDb, session, TODAY } from "./telecom-harness.js";

const agent = (): ReturnType<typeof session> => session("agent");

function toolError(message: string): JsonObject {
  return { status: "error", error_type: "tool_error", message };
}

/** Call, and check that a failed call left the DB untouched and recorded nothing. */
function failing(s: ReturnType<typeof session>, name: string, args: JsonObject): JsonObject {
  const before = s.db();
  const outcome = s.call(name, args);
  expect(outcome.status).not.toBe("ok");
  expect(outcome.records).toEqual([]);
  expect(s.db()).toBe(before);
  return outcome.result as JsonObject;
}

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

describe("line management", () => {
  it("suspend_line suspends an Active line as of today and records the reason", () => {
    const s = agent();
    const outcome = s.call("suspend_line", { customer_id: "C1001", line_id: "L1001", reason: "travel" });
    expect(outcome.result).toEqual({
      message: "Line suspended successfully. $5/month holding fee will apply.",
      line: {
        line_id: "L1001",
        phone_number: "555-123-2001",
        status: "Suspended",
        plan_id: "P1001",
        device_id: "D1001",
        data_used_gb: 3.2,
        data_refueling_gb: 0.0,
        roaming_enabled: false,
        contract_end_date: "2026-12-31",
        last_plan_change_date: "2025-01-10",
        last_sim_replacement_date: null,
        suspension_start_date: TODAY,
      },
    });
    expect(outcome.records).toEqual([
      {
        action_type: "suspend_line",
        name: "suspend_line",
        arguments: { customer_id: "C1001", line_id: "L1001", reason: "travel" },
        result: { line_id: "L1001", status: "Suspended" },
        side: "agent",
      },
    ]);
    expect(failing(s, "suspend_line", { customer_id: "C1001", line_id: "L1001", reason: "again" })).toEqual(
      toolError("Line must be active to suspend"),
    );
  });

  it("resume_line reactivates a Suspended or Pending Activation line only", () => {
    const s = agent();
    const outcome = s.call("resume_line", { customer_id: "C1001", line_id: "L1003" });
    expect((outcome.result as JsonObject)["message"]).toBe("Line resumed successfully");
    expect((outcome.result as JsonObject)["line"]).toMatchObject({ status: "Active", suspension_start_date: null });
    expect(outcome.records).toEqual([
      {
        action_type: "resume_line",
        name: "resume_line",
        arguments: { customer_id: "C1001", line_id: "L1003" },
        result: { line_id: "L1003", status: "Active" },
        side: "agent",
      },
    ]);
    expect(failing(s, "resume_line", { customer_id: "C1001", line_id: "L1001" })).toEqual(toolError("Line must be suspended to resume"));
  });

  it("enable_roaming / disable_roaming switch the line flag, and say so when nothing changes", () => {
    const s = agent();
    const on = s.call("enable_roaming", { customer_id: "C1001", line_id: "L1001" });
    expect(on.result).toBe("Roaming enabled successfully");
    expect(on.records.map((r) => r["result"])).toEqual([{ roaming_enabled: true }]);
    const again = s.call("enable_roaming", { customer_id: "C1001", line_id: "L1001" });
    expect(again.result).toBe("Roaming was already enabled");
    expect(again.records).toEqual([]);
    expect(s.call("disable_roaming", { customer_id: "C1001", line_id: "L1002" }).result).toBe("Roaming disabled successfully");
    expect(s.call("disable_roaming", { customer_id: "C1001", line_id: "L1002" }).result).toBe("Roaming was already disabled");
    expect(failing(s, "enable_roaming", { customer_id: "C1001", line_id: "L1005" })).toEqual(
      toolError("Line L1005 not found for customer C1001"),
    );
  });
});

describe("billing", () => {
  it("send_payment_request allows one open request per customer", () => {
    const s = agent();
    expect(failing(s, "send_payment_request", { customer_id: "C9", bill_id: "B1002" })).toEqual(toolError("Customer C9 not found"));
    expect(failing(s, "send_payment_request", { customer_id: "C1001", bill_id: "B1004" })).toEqual(
      toolError("Bill B1004 not found for customer C1001"),
    );
    const sent = s.call("send_payment_request", { customer_id: "C1001", bill_id: "B1002" });
    expect(sent.result).toBe("Payment request sent to the customer for bill B1002");
    expect(sent.records.map((r) => r["result"])).toEqual([{ bill_id: "B1002", status: "Awaiting Payment" }]);
    expect(failing(s, "send_payment_request", { customer_id: "C1001", bill_id: "B1003" })).toEqual(
      toolError("A bill is already awaiting payment for this customer"),
    );
  });

  it("refuel_data charges the draft bill at the plan rate", () => {
    const s = agent();
    const outcome = s.call("refuel_data", { customer_id: "C1001", line_id: "L1002", gb_amount: 2 });
    expect(outcome.result).toEqual({
      message: "Successfully added 2.0 GB of data for line L1002 for $4.00",
      new_data_refueling_gb: 2.0,
      charge: 4.0,
    });
    expect(outcome.records.map((r) => r["arguments"])).toEqual([{ customer_id: "C1001", line_id: "L1002", gb_amount: 2.0 }]);
    expect(s.call("get_details_by_id", { id: "B1003" }).result).toEqual({
      bill_id: "B1003",
      customer_id: "C1001",
      period_start: "2025-03-01",
      period_end: "2025-03-31",
      issue_date: "2025-03-01",
      total_due: 4.0,
      due_date: "2025-03-15",
      line_items: [{ description: "Data refueling: 2.0 GB at $2.0/GB", amount: 4.0, date: TODAY, item_type: "Charge" }],
      status: "Draft",
    });
  });

  it("refuel_data checks the amount before the line", () => {
    const s = agent();
    expect(failing(s, "refuel_data", { customer_id: "C9", line_id: "L1002", gb_amount: -1 })).toEqual(
      toolError("Refuel amount must be positive"),
    );
    expect(failing(s, "refuel_data", { customer_id: "C9", line_id: "L1002", gb_amount: 1 })).toEqual(toolError("Customer with ID C9 not found"));
  });

  it("refuel_data mints a next-month Draft bill `B` + 8 hex digits when there is none", () => {
    const s = session("agent", fixtureDb("agent"), { today: "2025-12-15", rng: fixedHexRng("12345678") });
    const outcome = s.call("refuel_data", { customer_id: "C1003", line_id: "L1009", gb_amount: 0.125 });
    // The reference's DB hash after this call, with uuid4 fixed to 12345678….
    expect(dbHash(s.db())).toBe("6e66408e6357ddfda23f0e4d7a51c757b93d0d359637541041935c521857f7aa");
    expect(outcome.result).toEqual({
      message: "Successfully added 0.125 GB of data for line L1009 for $0.25",
      new_data_refueling_gb: 0.125,
      charge: 0.25,
    });
    expect(s.call("get_details_by_id", { id: "B12345678" }).result).toEqual({
      bill_id: "B12345678",
      customer_id: "C1003",
      period_start: "2026-01-01",
      period_end: "2026-01-31",
      issue_date: "2026-01-01",
      total_due: 0.25,
      due_date: "2026-01-15",
      line_items: [{ description: "Data refueling: 0.125 GB at $2.0/GB", amount: 0.25, date: "2025-12-15", item_type: "Charge" }],
      status: "Draft",
    });
    expect((s.call("get_customer_by_id", { customer_id: "C1003" }).result as JsonObject)["bill_ids"]).toEqual(["B1006", "B12345678"]);
  });
});

describe("transfer_to_human_agents", () => {
  it("records the summary and ends the conversation, even after a validation error", () => {
    const s = agent();
    const done = s.call("transfer_to_human_agents", { summary: "Customer wants a human." });
    expect(done.result).toBe("Transfer successful");
    expect(done.exit).toBe(true);
    expect(done.records.map((r) => r["result"])).toEqual([{ transferred: true }]);
    const bad = s.call("transfer_to_human_agents", {});
    expect(bad.status).toBe("invalid_arguments");
    expect(bad.exit).toBe(true);
  });

  it("works without a DB", () => {
    expect(session("agent", {}).call("transfer_to_human_agents", { summary: "no db" }).result).toBe("Transfer successful");
  });
});

describe("errors every agent tool shares", () => {
  it("rejects unknown arguments and wrong types with pydantic's message", () => {
    expect(failing(agent(), "get_customer_by_phone", { phone_number: "555-123-2002", customer_id: "C1001" })).toEqual({
      status: "error",
      error_type: "invalid_arguments",
      message:
        "1 validation error for GetCustomerByPhoneParams\ncustomer_id\n  Extra inputs are not permitted [type=extra_forbidden, input_value='C1001', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/extra_forbidden",
    });
    expect(failing(agent(), "get_bills_for_customer", { limit: 2, extra: [1, "two", { three: 3.5 }] })).toEqual({
      status: "error",
      error_type: "invalid_arguments",
      message:
        "2 validation errors for GetBillsForCustomerParams\ncustomer_id\n  Field required [type=missing, input_value={'limit': 2, 'extra': [1, 'two', {'three': 3.5}]}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing\nextra\n  Extra inputs are not permitted [type=extra_forbidden, input_value=[1, 'two', {'three': 3.5}], input_type=list]\n    For further information visit https://errors.pydantic.dev/2.13/v/extra_forbidden",
    });
  });

  it("validates before checking for a DB", () => {
    const s = session("agent", {});
    expect(s.call("get_customer_by_id", {}).status).toBe("invalid_arguments");
    expect(s.call("suspend_line", { customer_id: "C1001", line_id: "L1001", reason: "x" }).result).toEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario agent-side database not loaded. This indicates a fixture-loading bug.",
    });
  });

  it("read tools leave the DB as it was", () => {
    const s = agent();
    const before = dbHash(s.db());
    for (const [name, args] of [
      ["get_customer_by_phone", { phone_number: "555-123-2002" }],
      ["get_customer_by_name", { full_name: "John Smith", dob: "1985-06-15" }],
      ["get_bills_for_customer", { customer_id: "C1001" }],
      ["get_data_usage", { customer_id: "C1001", line_id: "L1002" }],
    ] as const) {
      expect(s.call(name, args).records).toEqual([]);
    }
    expect(dbHash(s.db())).toBe(before);
  });
});
