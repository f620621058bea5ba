/**
 * `TransferToHumanAgentsTool` of the tau2 airline and retail agents: hands the
 * customer over to a human agent, which ends the conversation. The domains
 * word its description differently, as their references do.
 */
import { z } from "zod";
import { pyStr } from "../../engine/binding/lax.js";
import { defineTool } from "../../engine/types.js";

export function transferToHumanAgentsTool(description: string) {
  return defineTool({
    name: "TransferToHumanAgentsTool",
    actionName: "transfer_to_human_agents",
    description,
    args: z.object({ summary: pyStr().describe("A summary of the user's issue.") }),
    // Recorded (by name only in upstream's action match) though it changes nothing in the DB.
    kind: "write",
    // The reference exits after delivering any result, even a validation error.
    exit: "always",
    needsDb: false,
    run(_db, args, ctx) {
      ctx.record({
        action_type: "transfer_to_human_agents",
        name: "transfer_to_human_agents",
        arguments: { summary: args.summary },
        result: { message: "Transfer successful" },
      });
      return { status: "success", message: "Transfer successful" };
    },
  });
}
