/**
 * The `oracle` agent walks a fixed list of tool calls (a scenario's gold
 * calls, or a recorded run's calls for the `replay` agent): greets, calls
 * each agent-side tool with a short confirmation in between, asks the caller
 * to perform each user-side (phone) call, says what the scenario's
 * `communicate` check requires, then closes the call cleanly.
 */
import type { ToolCall } from "../types.js";
import { callIdSequence } from "../conversation/recorder.js";
import type { Bot, BotInput, BotRun, CallIds, ToolOutcome } from "../conversation/types.js";

export const ORACLE_GREETING = "Thank you for calling. How can I help you today?";
/** Asks for the caller's details, as a real agent verifies a caller before acting, so the caller spells them. */
export const ORACLE_ACKNOWLEDGE = "I understand. Could you give me the details of your account or booking, please?";
export const ORACLE_ANYTHING_ELSE = "Is there anything else I can help you with today?";
export const ORACLE_GOODBYE = "Thank you for calling. Goodbye!";

const words = (name: string): string =>
  name
    .replace(/Tool$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();

function confirmation(outcome: ToolOutcome | undefined, call: ToolCall): string {
  if (outcome && outcome.status !== "ok") return `That ${words(call.name)} step did not go through. Let me continue.`;
  return `I have completed the ${words(call.name)} step.`;
}

/** A bot that walks a list of calls, and says how many of them it has yet to make. */
export interface ScriptedAgent extends Bot {
  /**
   * Calls of the list not made when the conversation stopped: an agent-side
   * call counts as made once issued; a user-side one once the caller has
   * answered the request to make it (the caller made it then).
   */
  callsLeft(): number;
}

/** The turn that says each item a scenario's `communicate` check requires, one sentence naming them all. */
export function communicateTurn(items: readonly string[]): string {
  return `To sum up: ${items.join("; ")}.`;
}

/**
 * `say`: what the agent must tell the caller (a scenario's `communicate`
 * items), said in one turn after the calls; with none, no turn is added.
 */
export function createScriptedAgent(name: string, calls: readonly ToolCall[], endTool = "EndConversationTool", say: readonly string[] = []): ScriptedAgent {
  let made = 0;
  return {
    name,
    callsLeft: () => calls.length - made,
    async *start(_first: BotInput, callIds: CallIds = callIdSequence()): BotRun {
      await Promise.resolve();
      yield { kind: "say", text: ORACLE_GREETING };
      yield { kind: "say", text: ORACLE_ACKNOWLEDGE };
      for (const call of calls) {
        if ((call.side ?? "agent") === "user") {
          yield { kind: "say", text: `Please use ${words(call.name)} on your phone now, and tell me what it shows.`, directive: { kind: "use_tool", call: { name: call.name, arguments: call.arguments } } };
          made++;
          continue;
        }
        made++;
        const back: BotInput = yield { kind: "tool_calls", calls: [{ id: callIds(), name: call.name, arguments: call.arguments }] };
        const outcome = back.kind === "tool_results" ? back.results[0] : undefined;
        yield { kind: "say", text: confirmation(outcome, call) };
      }
      if (say.length > 0) yield { kind: "say", text: communicateTurn(say) };
      yield { kind: "say", text: ORACLE_ANYTHING_ELSE };
      yield { kind: "tool_calls", text: ORACLE_GOODBYE, calls: [{ id: callIds(), name: endTool, arguments: {} }] };
    },
  };
}

/** The oracle agent for a scenario: its gold calls, and what its `communicate` check requires it to say. */
export function createOracleAgent(calls: readonly ToolCall[], say: readonly string[] = []): ScriptedAgent {
  return { ...createScriptedAgent("oracle", calls, "EndConversationTool", say), playsGoldCalls: true };
}

/** The replay agent: re-issues a recorded run's tool calls. */
export function createReplayAgent(calls: readonly ToolCall[]): ScriptedAgent {
  const agent = createScriptedAgent("replay", calls);
  return { ...agent, recordedCallsLeft: () => agent.callsLeft() };
}
