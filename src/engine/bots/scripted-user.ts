/**
 * The `scripted` user: opens with the dataset's opening line, answers the
 * agent from what the scenario says the caller knows (said as a caller says
 * it on the phone: codes spelled, names said then spelled), performs phone actions
 * when instructed (through the directive the oracle attaches), and says
 * goodbye when asked whether anything else is needed.
 */
import { toJsonText } from "../../json/stringify.js";
import type { UserBrief } from "../scenario.js";
import { callIdSequence } from "../conversation/recorder.js";
import type { Bot, BotInput, BotRun, CallIds, Turn } from "../conversation/types.js";
import { speakFacts } from "./spoken-facts.js";

export const USER_GOODBYE = "No, that's everything. Thank you, goodbye.";
/** Replies to an agent that only talks before the caller hangs up (a stalled agent must not hold the line forever). */
const MAX_IDLE_REPLIES = 30;

export interface ScriptedUserOptions {
  /**
   * Hang up after this many replies (default 30). The replay agent's
   * conversations pass Infinity: that agent ends the call itself once its
   * recorded calls are spent, and none of them may be dropped on the way.
   */
  readonly maxIdleReplies?: number;
}

function describeResult(result: unknown): string {
  const text = typeof result === "string" ? result : toJsonText(result as never);
  return text.length > 400 ? `${text.slice(0, 397)}...` : text;
}

function reply(message: string, brief: UserBrief, told: { info: boolean }): string {
  if (/anything else/i.test(message)) return USER_GOODBYE;
  if (/\bgoodbye\b|\bbye\b/i.test(message)) return "Goodbye.";
  if (message.includes("?")) {
    if (!told.info && brief.knownInfo.trim() !== "") {
      told.info = true;
      return `Sure. ${speakFacts(brief.knownInfo)}`;
    }
    return "Yes, please go ahead.";
  }
  return "Okay.";
}

/** The scripted caller: says what the scenario's brief gives it, spells codes and names, performs requested phone actions, and hangs up when done. */
export function createScriptedUser(brief: UserBrief, options: ScriptedUserOptions = {}): Bot {
  const maxIdle = options.maxIdleReplies ?? MAX_IDLE_REPLIES;
  return {
    name: "scripted",
    async *start(first: BotInput, callIds: CallIds = callIdSequence()): BotRun {
      await Promise.resolve();
      const told = { info: false };
      let input: BotInput = first;
      input = yield { kind: "say", text: speakFacts(brief.opening) };
      for (let idle = 0; idle < maxIdle; idle++) {
        if (input.kind === "message" && input.directive) {
          const back: BotInput = yield { kind: "tool_calls", calls: [{ ...input.directive.call, id: callIds() }] };
          const result = back.kind === "tool_results" ? back.results[0]?.result : undefined;
          input = yield { kind: "say", text: `Done. It says: ${describeResult(result)}` };
          continue;
        }
        const message = input.kind === "message" ? input.text : "";
        const turn: Turn = { kind: "say", text: reply(message, brief, told) };
        input = yield turn;
      }
      yield { kind: "end", text: "I have to go now. Goodbye." };
    },
  };
}
