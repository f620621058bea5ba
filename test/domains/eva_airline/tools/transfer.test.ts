/**
 * TransferToAgentTool. Expected values come from running the same calls
 * through the reference tools (eva_airline_tools.py under CPython 3.11).
 */
import { describe, expect, it } from "vitest";
import { bare, scenarioDb, session } from "../harness.js";

describe("TransferToAgentTool", () => {
  it("mints TRF-<CONF>-NNN from its own counter and ends the conversation only when it succeeds", () => {
    const s = session(scenarioDb("2.1.1"));
    s.call("ProcessRefundTool", { confirmation_number: "FAR0UM", refund_amount: 1, refund_type: "full_fare" });
    const first = s.call("TransferToAgentTool", { confirmation_number: "FAR0UM", transfer_reason: "complaint_escalation", issue_summary: "Wants a manager" });
    expect(first.result).toStrictEqual({
      status: "success",
      transfer_id: "TRF-FAR0UM-001",
      confirmation_number: "FAR0UM",
      transfer_reason: "complaint_escalation",
      issue_summary: "Wants a manager",
      estimated_wait: "2-3 minutes",
      message: "Transferring to live agent",
    });
    expect(bare(first.records)).toStrictEqual([
      { action_type: "transfer_to_agent", confirmation_number: "FAR0UM", transfer_reason: "complaint_escalation", issue_summary: "Wants a manager" },
    ]);
    expect(first.exit).toBe(true);

    const unknown = s.call("TransferToAgentTool", { confirmation_number: "NOPE00", transfer_reason: "x", issue_summary: "y" });
    expect(unknown.result).toStrictEqual({ status: "error", error_type: "not_found", message: "Reservation NOPE00 not found" });
    expect(unknown.exit).toBe(false);

    const second = s.call("TransferToAgentTool", { confirmation_number: "far0um", transfer_reason: "", issue_summary: "" });
    expect(second.result).toStrictEqual({
      status: "success",
      transfer_id: "TRF-FAR0UM-002",
      confirmation_number: "FAR0UM",
      transfer_reason: "",
      issue_summary: "",
      estimated_wait: "2-3 minutes",
      message: "Transferring to live agent",
    });

    const invalid = s.call("TransferToAgentTool", { confirmation_number: "FAR0UM", transfer_reason: "x" });
    expect(invalid.result).toStrictEqual({
      status: "error",
      error_type: "invalid_parameter",
      message: "Invalid or missing parameter 'issue_summary': Field required",
    });
    expect(invalid.exit).toBe(false);
    expect(s.callCounts).toStrictEqual({ process_refund: 1, transfer_to_agent: 2 });
    expect(s.hash).toBe("1eca2584ca4ca22c65b52a0e0d8ad844fa5a06ed6f046d8573a2dc86ada60019");
  });
});
