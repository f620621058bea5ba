/** Handing the customer over to a human agent, worded as the retail reference words it. */
import { transferToHumanAgentsTool as transferTool } from "../../tau2_common/transfer.js";

export const transferToHumanAgentsTool = transferTool(
  "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly " +
    "asks for a human agent, or given the policy and the available tools, you cannot solve the user's issue.",
);
