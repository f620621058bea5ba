import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { confirmationNumber } from "../params.js";
import { findReservation, reservationNotFound } from "./bookings.js";
import { truthy } from "../../../python/dict.js";

/** A recorded hand-off to a human agent; it ends the conversation only when it succeeds. */
export const transferToAgentTool = defineTool({
  name: "TransferToAgentTool",
  aliases: ["transfer_to_agent"],
  description:
    "Transfer the call to a live human agent. Use when the caller explicitly requests " +
    "an agent, when a policy exception is needed, when stuck after two attempts, or " +
    "for technical issues.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code for context transfer."),
    transfer_reason: z
      .string()
      .describe(
        "Reason for transfer (passenger_requested, policy_exception_needed, " +
          "complex_itinerary, complaint_escalation, technical_issue, unable_to_resolve).",
      ),
    issue_summary: z.string().describe("Brief summary of the issue and what has been attempted."),
  }),
  kind: "write",
  exit: "on_success",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { transfer_reason: reason, issue_summary: summary } = args;
    if (!truthy(findReservation(db, conf))) return reservationNotFound(conf);

    const transferId = `TRF-${conf}-${String(ctx.nextCallIndex("transfer_to_agent")).padStart(3, "0")}`;
    ctx.record({ action_type: "transfer_to_agent", confirmation_number: conf, transfer_reason: reason, issue_summary: summary });
    return {
      status: "success",
      transfer_id: transferId,
      confirmation_number: conf,
      transfer_reason: reason,
      issue_summary: summary,
      estimated_wait: "2-3 minutes",
      message: "Transferring to live agent",
    };
  },
});
