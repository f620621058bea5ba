/** Escalation to a human agent: recorded, and the conversation ends. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { recordAction } from "./action-record.js";

export const transferToHumanAgentsTool = defineTool({
  name: "transfer_to_human_agents",
  description:
    "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent, or if (given the policy and the available tools) you cannot solve the user's issue.",
  args: z.object({ summary: z.string().describe("A summary of the user's issue.") }),
  kind: "write",
  // The reference ends the call after delivering any result, even a validation error.
  exit: "always",
  // It never looks at the DB.
  needsDb: false,
  run(_db, { summary }, ctx) {
    recordAction(ctx, "transfer_to_human_agents", { summary }, { transferred: true });
    return "Transfer successful";
  },
});
