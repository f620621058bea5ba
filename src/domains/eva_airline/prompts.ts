import type { JsonObject, JsonValue } from "../../json/types.js";
import { ADDITIONAL_NOTES_HEADING, AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE, joinSections } from "../shared/agent-notes.js";
import { CALLER_GUIDELINES, renderUserPrompt } from "../shared/user-prompt.js";

const NO_JOURNEY_IDS_NOTE =
  "Internal journey IDs (such as FL_SK621_20260320) are for tools only: never read them to the caller. " +
  "Name flights by flight number and date.";

/** role, instructions, then the additional notes with the scenario date. */
export function evaAgentPrompt(role: string, instructions: string, currentDate: string): string {
  return joinSections([
    role.trimEnd(),
    instructions.trimEnd(),
    ADDITIONAL_NOTES_HEADING,
    `Today is ${currentDate}.`,
    ...AGENT_NOTES,
    NO_JOURNEY_IDS_NOTE,
    END_CALL_NOTE,
    HONEST_EXECUTION_NOTE,
  ]);
}

const asStrings = (v: JsonValue | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const asText = (v: JsonValue | undefined): string | undefined => (typeof v === "string" && v.trim() ? v : undefined);

function describeInfo(info: JsonObject): string[] {
  return Object.entries(info).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
}

/** The caller's prompt, built from the dataset's user_goal, user_config and scenario_context. */
export function evaUserPrompt(record: JsonObject): string {
  const goal = (record["user_goal"] ?? {}) as JsonObject;
  const tree = (goal["decision_tree"] ?? {}) as JsonObject;
  const config = (record["user_config"] ?? {}) as JsonObject;
  const context = (record["scenario_context"] ?? {}) as JsonObject;
  const guidelines = [
    ...CALLER_GUIDELINES,
    ...asStrings(tree["must_have_criteria"]).map((c) => `Must have: ${c}`),
    ...asStrings(tree["nice_to_have_criteria"]).map((c) => `Nice to have: ${c}`),
    ...asStrings(tree["negotiation_behavior"]),
    ...asStrings(tree["edge_cases"]),
  ];
  const resolution = asText(tree["resolution_condition"]);
  const failure = asText(tree["failure_condition"]);
  const escalation = asText(tree["escalation_behavior"]);
  if (resolution) guidelines.push(`You are done when: ${resolution}`);
  if (failure) guidelines.push(`If it cannot be done: ${failure}`);
  if (escalation) guidelines.push(escalation);
  const opening = asText(goal["starting_utterance"]);
  return renderUserPrompt({
    role: "airline passenger",
    name: asText(config["name"]),
    background: asText(context["premise"]),
    personality: asText(config["user_persona"]),
    goal: asText(goal["high_level_user_goal"]) ?? "",
    instructions: [
      ...(opening ? [`Open the call by saying: "${opening}"`] : []),
      "Give the details the agent asks for, using the information below.",
      "Decide on the options the agent offers according to your guidelines.",
      "When your request is handled, or cannot be, say goodbye and end the call.",
    ],
    guidelines,
    infoSections: [{ heading: "What you know", lines: describeInfo((goal["information_required"] ?? {}) as JsonObject) }],
  });
}
