/**
 * What every telecom back-office tool shares (argument errors, DB checks). Expected values
 * are the NeMo reference tools' outputs on the fixture DB (run through their
 * `invoke` with today = 2025-02-25), copied here as literals.
 */
import { describe, expect, it } from "vitest";
import { dbHash } from "../../../src/hash/db/index.js";
import { agent, failing, session } from "./telecom-harness.js";

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
