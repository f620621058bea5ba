/** The agent's line management: suspend / resume a line, switch roaming. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { recordAction } from "./action-record.js";
import { agentDb, targetLine, toolError } from "./agent-db.js";

const customerLineArgs = z.object({
  customer_id: z.string().describe("Customer ID."),
  line_id: z.string().describe("Line ID."),
});

export const suspendLineTool = defineTool({
  name: "suspend_line",
  description:
    "Suspends a specific Active line (max 6 months). Sets line status to Suspended and records suspension_start_date. Fails if the line is not currently Active.",
  args: z.object({
    customer_id: z.string().describe("Customer ID who owns the line."),
    line_id: z.string().describe("Line ID to suspend."),
    reason: z.string().describe("Reason for the suspension."),
  }),
  kind: "write",
  run(raw, { customer_id, line_id, reason }, ctx) {
    const target = targetLine(agentDb(raw), customer_id, line_id);
    if ("error" in target) return target.error;
    const { line } = target;
    if (line.status !== "Active") return toolError("Line must be active to suspend");
    line.status = "Suspended";
    // The reference reads the system clock here; the scenario's date stands in for it.
    line.suspension_start_date = ctx.today;
    recordAction(ctx, "suspend_line", { customer_id, line_id, reason }, { line_id, status: "Suspended" });
    return { message: "Line suspended successfully. $5/month holding fee will apply.", line: { ...line } };
  },
});

export const resumeLineTool = defineTool({
  name: "resume_line",
  description: "Resumes a Suspended or Pending Activation line. Sets line status to Active and clears suspension_start_date.",
  args: z.object({
    customer_id: z.string().describe("Customer ID who owns the line."),
    line_id: z.string().describe("Line ID to resume."),
  }),
  kind: "write",
  run(raw, { customer_id, line_id }, ctx) {
    const target = targetLine(agentDb(raw), customer_id, line_id);
    if ("error" in target) return target.error;
    const { line } = target;
    if (line.status !== "Suspended" && line.status !== "Pending Activation") return toolError("Line must be suspended to resume");
    line.status = "Active";
    line.suspension_start_date = null;
    recordAction(ctx, "resume_line", { customer_id, line_id }, { line_id, status: "Active" });
    return { message: "Line resumed successfully", line: { ...line } };
  },
});

export const enableRoamingTool = defineTool({
  name: "enable_roaming",
  description: "Enables international roaming on a line.",
  args: customerLineArgs,
  kind: "write",
  run(raw, { customer_id, line_id }, ctx) {
    const target = targetLine(agentDb(raw), customer_id, line_id);
    if ("error" in target) return target.error;
    // Already on: a success reply that changes and records nothing.
    if (target.line.roaming_enabled) return "Roaming was already enabled";
    target.line.roaming_enabled = true;
    recordAction(ctx, "enable_roaming", { customer_id, line_id }, { roaming_enabled: true });
    return "Roaming enabled successfully";
  },
});

export const disableRoamingTool = defineTool({
  name: "disable_roaming",
  description: "Disables international roaming on a line.",
  args: customerLineArgs,
  kind: "write",
  run(raw, { customer_id, line_id }, ctx) {
    const target = targetLine(agentDb(raw), customer_id, line_id);
    if ("error" in target) return target.error;
    if (!target.line.roaming_enabled) return "Roaming was already disabled";
    target.line.roaming_enabled = false;
    recordAction(ctx, "disable_roaming", { customer_id, line_id }, { roaming_enabled: false });
    return "Roaming disabled successfully";
  },
});

export const agentLineTools = [suspendLineTool, resumeLineTool, enableRoamingTool, disableRoamingTool];
