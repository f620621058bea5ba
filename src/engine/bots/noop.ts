/**
 * The `noop` agent does nothing for the caller: it greets, hears the request
 * once, says goodbye and ends the call cleanly, calling no other tool. A
 * scenario it passes is one whose gating signals reward inaction.
 */
import { callIdSequence } from "../conversation/recorder.js";
import type { Bot, BotInput, BotRun, CallIds } from "../conversation/types.js";

export const NOOP_GREETING = "Thank you for calling. How can I help you today?";
export const NOOP_GOODBYE = "Thank you for calling. Goodbye!";

/** An agent that greets, hears the request, says goodbye and ends the call, and calls nothing else (the inaction audit's agent). */
export function createNoopAgent(endTool = "EndConversationTool"): Bot {
  return {
    name: "noop",
    async *start(_first: BotInput, callIds: CallIds = callIdSequence()): BotRun {
      await Promise.resolve();
      yield { kind: "say", text: NOOP_GREETING };
      yield { kind: "tool_calls", text: NOOP_GOODBYE, calls: [{ id: callIds(), name: endTool, arguments: {} }] };
    },
  };
}
