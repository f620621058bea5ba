import type { DispatchStatus } from "../dispatch.js";
import type { SideDeltas } from "../domain.js";
import type { Side, ToolCall, ToolResult } from "../types.js";
import type { JsonValue } from "../../json/types.js";
import type { Spend } from "../../llm/usage.js";
import type { TextToolCallFormat } from "../../llm/text-tool-calls.js";
import type { ChannelEffect } from "../channel/types.js";

/** A conversation's id for one tool call: `call_1`, `call_2`, … across both sides (see recorder.ts). */
export type CallId = string;

/** A tool call a bot makes, under the id the conversation issued it (the model's own id stays `modelCallId`). */
export interface IssuedCall extends ToolCall {
  readonly id: CallId;
}

/** Issues the id of each tool call a bot is about to make. */
export type CallIds = () => CallId;

/**
 * A structured hint riding along with a spoken message, for bots that can use
 * it (the scripted user follows the oracle agent's phone instructions with it).
 * LLM bots only ever see `text`.
 */
export interface Directive {
  readonly kind: "use_tool";
  readonly call: ToolCall;
}

/**
 * A tool call of a model's reply that is never run, nor kept in the model's
 * context, because its argument text did not parse (see bots/llm-tool-calls.ts).
 * `raised`: the Python exception the reference's parse raises.
 */
export interface DroppedCall {
  /** The model's own id for the call, when it gave one. */
  readonly modelCallId?: string;
  readonly name: string;
  /** The argument text as the model wrote it. */
  readonly arguments: string;
  readonly raised: "JSONDecodeError" | "ValueError" | "RecursionError";
  readonly reason: string;
}

/**
 * What a model's reply held beside what was spoken and called, for the
 * transcript; a bot gives one only when there is something to note, so
 * ordinary replies leave the transcript as it always was.
 */
export interface ReplyNote {
  /** Text the TTS would drop as thinking (between the think tokens; llm/thinking.ts). */
  readonly thinking?: string;
  /** The reply's `reasoning_content` / `reasoning` field. */
  readonly reasoning?: string;
  /** The reply had thinking and nothing else: nothing spoken, no tool call (dead air on a voice line). */
  readonly only_thinking?: true;
  /** `finish_reason` when neither "stop" nor "tool_calls" ("length": the reply was cut off). */
  readonly finish_reason?: string;
  readonly refusal?: string;
  /** How many choices the reply held, when not one (the first is used). */
  readonly choices?: number;
  /** Tool calls written as text in this form (llm/text-tool-calls.ts): spoken as they are, never run. */
  readonly tool_calls_in_text?: TextToolCallFormat;
}

/**
 * What a bot does on its turn: speak, call tools, or hang up. `dropped`: the
 * reply's tool calls that were not run (kept for the transcript only);
 * `reply`: what else the model's reply held.
 */
export type Turn =
  | { readonly kind: "say"; readonly text: string; readonly directive?: Directive; readonly dropped?: readonly DroppedCall[]; readonly reply?: ReplyNote }
  /** `text`, when given, is spoken before the calls (a reply with content and tool calls). */
  | { readonly kind: "tool_calls"; readonly calls: readonly IssuedCall[]; readonly text?: string; readonly dropped?: readonly DroppedCall[]; readonly reply?: ReplyNote }
  | { readonly kind: "end"; readonly text?: string; readonly dropped?: readonly DroppedCall[]; readonly reply?: ReplyNote };

/** A call's result, handed back to the bot under the call's id. */
export interface ToolOutcome {
  readonly id: CallId;
  readonly call: IssuedCall;
  readonly result: ToolResult;
  readonly status: DispatchStatus;
}

/** What a bot receives between turns. */
export type BotInput =
  | { readonly kind: "start" }
  | { readonly kind: "message"; readonly text: string; readonly directive?: Directive }
  | { readonly kind: "tool_results"; readonly results: readonly ToolOutcome[] };

/** A bot is a coroutine: it yields turns and is resumed with what happened. */
export type BotRun = AsyncGenerator<Turn, void, BotInput>;

/** What a model-backed bot has spent (tokens are `null` when the endpoint did not report them). */
export type BotTokenUsage = Spend;

/** One side of a conversation: given what it heard, it speaks, calls tools or hangs up (the oracle, scripted, LLM, replay and no-op bots). */
export interface Bot {
  readonly name: string;
  /**
   * Begin with the first input; the first `next()` runs the bot to its first turn.
   * `callIds`: where the bot takes the id of each tool call it makes (the
   * conversation's recorder); absent when a bot runs alone, which then numbers its own.
   */
  start(first: BotInput, callIds?: CallIds): BotRun;
  /** Model-backed bots: tokens used so far. */
  usage?(): BotTokenUsage;
  /** Model-backed bots: the chat context so far (messages, tool calls and results), for logs and the judge. */
  context?(): readonly JsonValue[];
  /** Model-backed bots: the context with every reply's thinking taken out (what the judge reads; absent: `context`). */
  spokenContext?(): readonly JsonValue[];
  /**
   * Model-backed bots: the results of the calls the conversation ended on,
   * which the bot's run never receives. The reference's framework still
   * writes them into the bot's context before the context is read.
   */
  settle?(results: readonly ToolOutcome[]): void;
  /** A bot that replays a recording: how many recorded calls it had not made when the conversation stopped. */
  recordedCallsLeft?(): number;
  /**
   * The oracle: its calls are the scenario's gold list, which holds only the
   * graded calls, so a policy rule that needs the whole conversation (the
   * look-ups before an action) cannot judge them, as in `audit --policy`.
   */
  readonly playsGoldCalls?: boolean;
}

export type StopReason = "[EXIT]" | "user_ended" | "agent_ended" | "max_turns" | "max_tool_calls" | "time_budget" | "bot_error";

/** One tagged union for everything that happens in a conversation. */
export type TranscriptEvent =
  /** `heard`/`effects`: what the other side heard through a voice channel, and why (absent on a clean channel). */
  | { readonly type: "message"; readonly t: number; readonly side: Side; readonly text: string; readonly heard?: string; readonly effects?: readonly ChannelEffect[] }
  | {
      readonly type: "tool_call";
      readonly t: number;
      readonly side: Side;
      readonly id: string;
      /** The model's own id for the call, when a model made it. */
      readonly model_call_id?: string;
      readonly name: string;
      readonly arguments: JsonValue;
    }
  | { readonly type: "tool_result"; readonly t: number; readonly side: Side; readonly id: string; readonly name: string; readonly status: DispatchStatus; readonly result: ToolResult }
  | { readonly type: "sync"; readonly t: number; readonly deltas: SideDeltas; readonly errors: readonly string[] }
  /** A tool call of the model's reply that was not run: its argument text did not parse (the model's context never holds it). */
  | {
      readonly type: "dropped_call";
      readonly t: number;
      readonly side: Side;
      readonly model_call_id?: string;
      readonly name: string;
      readonly arguments: string;
      readonly raised: DroppedCall["raised"];
      readonly reason: string;
    }
  /** A model reply with something to note beyond its speech and calls (thinking, a cut-off, tool calls as text, …). */
  | ({ readonly type: "model_reply"; readonly t: number; readonly side: Side } & ReplyNote)
  | { readonly type: "error"; readonly t: number; readonly side: Side; readonly message: string }
  | { readonly type: "end"; readonly t: number; readonly reason: StopReason; readonly side: Side | null };

export interface ConversationLimits {
  /** Spoken turns (both sides) before the conversation is cut. */
  readonly maxTurns: number;
  /** Tool calls a side may make before it must speak. */
  readonly maxToolCallsPerTurn: number;
  /** Virtual seconds (the scenario's max_duration in the reference). */
  readonly timeBudgetSeconds: number;
}

export const DEFAULT_LIMITS: ConversationLimits = { maxTurns: 80, maxToolCallsPerTurn: 16, timeBudgetSeconds: 900 };
