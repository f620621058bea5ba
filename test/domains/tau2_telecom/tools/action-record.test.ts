/** recordAction: a telecom action record names the tool twice, as tau2's telecom tools do. */
import { describe, expect, it } from "vitest";
import { recordAction } from "../../../../src/domains/tau2_telecom/tools/action-record.js";
import type { ActionRecord, ToolContext } from "../../../../src/engine/types.js";

describe("recordAction", () => {
  it("records action_type and name as the tool's name, then the arguments and result", () => {
    const records: ActionRecord[] = [];
    const ctx = { record: (r: ActionRecord) => records.push(r) } as unknown as ToolContext;
    recordAction(ctx, "suspend_line", { customer_id: "C1001", line_id: "L1002", reason: "travel" }, { status: "Suspended" });
    expect(records).toEqual([
      { action_type: "suspend_line", name: "suspend_line", arguments: { customer_id: "C1001", line_id: "L1002", reason: "travel" }, result: { status: "Suspended" } },
    ]);
    expect(Object.keys(records[0] ?? {})).toEqual(["action_type", "name", "arguments", "result"]);
  });
});
