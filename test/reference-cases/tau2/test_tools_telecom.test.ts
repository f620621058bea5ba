/**
 * tau2-bench tests/test_domains/test_telecom/test_tools_telecom.py (tag
 * voice-user-sim-v1.0, commit 17e07b1da2bbc0cadfddeea36412686e0604127b), one
 * test per upstream test, on the telecom fixture DB (tau2's db.toml as NeMo
 * ships it, `tau2_telecom/db`). tau2 calls `TelecomTools` methods directly;
 * here each is the same call through evalsim's dispatch, and tau2's
 * `assertRaises(ValueError)` is a result of status "error" (NeMo returns
 * `{"status": "error", "error_type": "tool_error", "message"}` where tau2
 * raises). Every test passes as tau2 wrote it.
 */
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../../src/json/types.js";
import { agent } from "../../domains/tau2_telecom/telecom-harness.js";

type Obj = Record<string, any>;

/** A call that succeeds, and its result. */
function ok(name: string, args: JsonValue, s = agent()): any {
  const out = s.call(name, args);
  expect(out.status, JSON.stringify(out.result)).toBe("ok");
  return out.result;
}

/** tau2's `assertRaises(ValueError)`: the call fails (with NeMo's error dict). */
function raises(name: string, args: JsonValue): void {
  const out = agent().call(name, args);
  expect(out.status).toBe("error");
  expect((out.result as Obj)["error_type"]).toBe("tool_error");
}

describe("tau2-bench test_tools_telecom.py", () => {
  it("test_db_loaded", () => {
    const db: Obj = agent().db();
    for (const table of ["customers", "lines", "plans", "devices", "bills"]) expect(db[table].length, table).toBeGreaterThan(0);
  });

  it("test_get_customer_by_phone_primary", () => {
    const c = ok("get_customer_by_phone", { phone_number: "555-123-2002" });
    expect([c.customer_id, c.full_name]).toEqual(["C1001", "John Smith"]);
  });

  it("test_get_customer_by_phone_line", () => {
    const c = ok("get_customer_by_phone", { phone_number: "555-123-2001" });
    expect([c.customer_id, c.full_name]).toEqual(["C1001", "John Smith"]);
  });

  it("test_get_customer_by_phone_not_found", () => raises("get_customer_by_phone", { phone_number: "555-9999" }));

  it("test_get_customer_by_id", () => {
    expect(ok("get_customer_by_id", { customer_id: "C1001" }).full_name).toBe("John Smith");
  });

  it("test_get_customer_by_id_not_found", () => raises("get_customer_by_id", { customer_id: "C9999" }));

  it("test_get_customer_by_name", () => {
    const found = ok("get_customer_by_name", { full_name: "John Smith", dob: "1985-06-15" });
    expect(found).toHaveLength(1);
    expect(found[0].customer_id).toBe("C1001");
  });

  it("test_get_customer_by_name_not_found", () => {
    expect(ok("get_customer_by_name", { full_name: "Jane Doe", dob: "1980-01-01" })).toHaveLength(0);
  });

  it("test_suspend_line", () => {
    const r = ok("suspend_line", { customer_id: "C1001", line_id: "L1001", reason: "Customer request" });
    expect(r.line.status).toBe("Suspended");
    expect(r.line.suspension_start_date).not.toBeNull();
  });

  it("test_suspend_line_not_found", () => raises("suspend_line", { customer_id: "C1001", line_id: "L9999", reason: "Customer request" }));

  it("test_suspend_line_not_active", () => raises("suspend_line", { customer_id: "C1001", line_id: "L1003", reason: "Customer request" }));

  it("test_resume_line", () => {
    const r = ok("resume_line", { customer_id: "C1001", line_id: "L1003" });
    expect(r.line.status).toBe("Active");
    expect(r.line.suspension_start_date ?? null).toBeNull();
  });

  it("test_resume_line_not_found", () => raises("resume_line", { customer_id: "C1001", line_id: "L9999" }));

  it("test_resume_line_not_suspended", () => raises("resume_line", { customer_id: "C1001", line_id: "L1001" }));

  it("test_get_bills_for_customer", () => {
    const bills = ok("get_bills_for_customer", { customer_id: "C1001" }) as Obj[];
    expect(bills.length).toBeGreaterThan(0);
    expect(bills[0]?.["customer_id"]).toBe("C1001");
    for (let i = 0; i + 1 < bills.length; i++) expect(bills[i]?.["issue_date"] >= bills[i + 1]?.["issue_date"]).toBe(true);
  });

  it("test_get_bills_for_customer_not_found", () => raises("get_bills_for_customer", { customer_id: "C9999" }));

  it("test_get_data_usage", () => {
    const r = ok("get_data_usage", { customer_id: "C1001", line_id: "L1001" });
    expect(r).not.toHaveProperty("error");
    expect(r.line_id).toBe("L1001");
    for (const k of ["data_used_gb", "data_limit_gb", "cycle_end_date"]) expect(r).toHaveProperty(k);
  });

  it("test_get_data_usage_line_not_found", () => raises("get_data_usage", { customer_id: "C1001", line_id: "L9999" }));

  it("test_enable_roaming", () => {
    expect(ok("enable_roaming", { customer_id: "C1001", line_id: "L1001" })).toContain("Roaming enabled successfully");
  });

  it("test_enable_roaming_line_not_found", () => raises("enable_roaming", { customer_id: "C1001", line_id: "L9999" }));

  it("test_disable_roaming", () => {
    expect(ok("disable_roaming", { customer_id: "C1001", line_id: "L1002" })).toContain("Roaming disabled successfully");
  });

  it("test_disable_roaming_line_not_found", () => raises("disable_roaming", { customer_id: "C1001", line_id: "L9999" }));

  it("test_refuel_data", () => {
    const s = agent();
    const line = (s.db()["lines"] as Obj[]).find((l) => l["line_id"] === "L1001") as Obj;
    const r = ok("refuel_data", { customer_id: "C1001", line_id: "L1001", gb_amount: 2.0 }, s);
    expect(r.charge).toBe(10.0);
    expect(r.new_data_refueling_gb).toBe(line["data_refueling_gb"] + 2.0);
    expect(r.message).toContain("Successfully added 2.0 GB of data");
    expect(s.call("refuel_data", { customer_id: "C1001", line_id: "L1004", gb_amount: 2.0 }).status).toBe("error");
  });

  it("test_transfer_to_human_agents", () => {
    expect(ok("transfer_to_human_agents", { summary: "Customer needs billing assistance" })).toBe("Transfer successful");
  });
});
