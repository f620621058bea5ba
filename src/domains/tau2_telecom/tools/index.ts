/** The telecom tool surfaces: the agent's back office and the user's phone. */
import { endConversationTool } from "../../../engine/end-conversation.js";
import type { AnyToolDef } from "../../../engine/types.js";
import { agentBillingTools } from "./agent-billing.js";
import { agentLineTools } from "./agent-lines.js";
import { agentLookupTools } from "./agent-lookups.js";
import { transferToHumanAgentsTool } from "./agent-transfer.js";
import { userAppCheckTools } from "./user-app-checks.js";
import { runSpeedTestTool, userNetworkCheckTools } from "./user-network-checks.js";
import { userRepairTools } from "./user-repairs.js";
import { userToggleTools } from "./user-toggles.js";

/** 13 back-office tools (6 lookups, 6 writes, the transfer) plus `EndConversationTool`. */
export const telecomAgentTools: readonly AnyToolDef[] = [
  ...agentLookupTools,
  ...agentLineTools,
  ...agentBillingTools,
  transferToHumanAgentsTool,
  endConversationTool,
];

/**
 * 30 phone tools: 15 inspections, 6 toggles, 9 repairs and settings, in the
 * order of the reference's `TAU2_TELECOM_USER_TOOL_NAME_TO_CLASS`, which is
 * the order of the model's tool list (the speed test is the last inspection).
 */
export const telecomUserTools: readonly AnyToolDef[] = [
  ...userNetworkCheckTools,
  ...userAppCheckTools,
  runSpeedTestTool,
  ...userToggleTools,
  ...userRepairTools,
];
