// TransferToHumanAgentsTool (shared by the tau2 airline and retail agents), called through the retail agent. Expected values come from running the reference tools (tau2_retail_tools.py) under pydantic 2.13.
import { describe, expect, it } from "vitest";
import { session } from "../tau2_retail/harness.js";

const validationError = (details: { field: string; error: string; type: string }[]) => ({
  status: "error",
  error_type: "validation_error",
  message: "Tool arguments failed validation.",
  details,
});

describe("TransferToHumanAgentsTool", () => {
  it("records the transfer and ends the conversation", () => {
    const out = session().call("TransferToHumanAgentsTool", { summary: "Wants a refund to a new card." });
    expect(out.result).toStrictEqual({ status: "success", message: "Transfer successful" });
    expect(out.records).toStrictEqual([
      {
        action_type: "transfer_to_human_agents",
        name: "transfer_to_human_agents",
        arguments: { summary: "Wants a refund to a new card." },
        result: { message: "Transfer successful" },
        side: "agent",
      },
    ]);
    expect(out.exit).toBe(true);
  });

  it("ends the conversation even when its arguments fail validation", () => {
    const out = session().call("transfer_to_human_agents", {});
    expect(out.result).toStrictEqual(validationError([{ field: "summary", error: "Field required", type: "missing" }]));
    expect(out.records).toStrictEqual([]);
    expect(out.exit).toBe(true);
  });

  it("needs no DB", () => {
    expect(session({}).call("TransferToHumanAgentsTool", { summary: "x" }).result).toStrictEqual({
      status: "success",
      message: "Transfer successful",
    });
  });
});
