/**
 * The telecom back-office line tools (suspend, resume, roaming). Expected values
 * are the NeMo reference tools' outputs on the fixture DB (run through their
 * `invoke` with today = 2025-02-25), copied here as literals.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { agent, failing, TODAY, toolError } from "../telecom-harness.js";

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
