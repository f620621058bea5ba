/** Handing the customer over to a human agent, worded as the airline reference words it. */
import { transferToHumanAgentsTool as transferTool } from "../../tau2_common/transfer.js";

export const transferToHumanAgentsTool = transferTool(
  "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if " +
    "the user explicitly asks for a human or you cannot solve the issue with available tools.",
);
