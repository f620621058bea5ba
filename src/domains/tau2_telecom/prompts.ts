import { tau2AgentPrompt, tau2UserPrompt } from "../tau2_common/prompts.js";
import type { Tau2Task } from "../tau2_common/data.js";
import { telecomAgentTools, telecomUserTools } from "./tools/index.js";

const names = (tools: readonly { name: string }[]): string[] => tools.map((t) => t.name);

/** Which tools are the agent's and which are on the caller's phone, by exact name. */
export function toolAvailabilityNote(): string {
  const agent = names(telecomAgentTools).filter((n) => n !== "EndConversationTool").sort();
  const user = names(telecomUserTools).sort();
  const list = (xs: readonly string[]): string => xs.map((n) => `- \`${n}\``).join("\n");
  return (
    "Tools in this call. The policy above mentions many tools, but you can call only these, by exactly these names:\n" +
    `${list([...agent, "EndConversationTool"])}\n\n` +
    "Every other tool the policy mentions runs on the caller's phone, and only the caller can use it:\n" +
    `${list(user)}\n\n` +
    "When the policy tells you to check or change something on the phone, ask the caller to do it and wait for them " +
    "to tell you what they see. If you call a phone tool yourself, you get an `unknown_tool` error."
  );
}

export const STAY_ON_TASK_NOTE =
  "Work on the problem the caller reported. Do not switch to other problems you happen to notice on the account " +
  "(an overdue bill, an expired contract or a suspended line elsewhere) unless that problem is causing the caller's " +
  "symptom or the caller asks about it. You may mention such findings briefly once the reported problem is solved.";

export const HOME_NETWORK_NOTE =
  "Where the caller is matters. The carrier is based in the United States: phone numbers are 10-digit US numbers " +
  "(such as 555-123-4567), addresses are in US states and bills are in US dollars. For every connectivity " +
  "complaint (no data, slow data, MMS not sending, no service, weak signal), always ask where the caller is right " +
  "now before you check anything else, because callers rarely say so unprompted: for example, \"Before we look at " +
  "your settings, where are you at the moment: at home in the US, or travelling abroad?\" If they are abroad and " +
  "have no data, check roaming first, straight away: look up the line with `get_details_by_id` and read its " +
  "`roaming_enabled`. If roaming is off, tell them it is disabled on their line and ask whether they want it " +
  "turned on; if they say yes, turn it on with `enable_roaming`.";

export function telecomAgentPrompt(policy: string): string {
  return tau2AgentPrompt(policy, [toolAvailabilityNote(), STAY_ON_TASK_NOTE, HOME_NETWORK_NOTE]);
}

const TELECOM_USER_STEPS = [
  "Greet the agent and describe the problem in your own words: what you notice, not what you think the fix is.",
  "Do what the agent asks, one step at a time. When the agent asks you to do something on your phone, use the matching phone tool, one tool per request.",
  "On your next turn, tell the agent what the tool showed, and let the agent decide what to try next.",
  "When the problem is gone, say so, and say goodbye once the agent has wrapped up.",
];

export const PASSIVE_TOOL_USE_NOTE =
  "Use your phone tools only right after the agent asks you to do something specific. You are the customer: the " +
  "agent troubleshoots, you describe and follow. Base everything you say about your phone on what the latest tool " +
  "call returned, and never speak the agent's lines (such as saying the issue is resolved or offering further help).";

export function telecomUserPrompt(task: Tau2Task): string {
  return tau2UserPrompt(task, { instructions: TELECOM_USER_STEPS, guidelines: [PASSIVE_TOOL_USE_NOTE] });
}
