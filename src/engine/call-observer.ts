/**
 * A watcher of tool calls as they run: told about each call just before it
 * runs (with its side's DB as it stands then) and just after (with what the
 * tool answered). The replay loop and the conversation loop both accept one,
 * so whatever watches calls (the policy rules) sees gold, recorded and live
 * calls through the same two hooks, without a copy of either loop.
 */
import type { JsonObject } from "../json/types.js";
import type { DispatchStatus } from "./dispatch.js";
import type { Side, ToolCall, ToolResult } from "./types.js";

/** A tool call as a call observer sees it: its position, side, call and turn. */
export interface ObservedCall {
  /** 0-based position among the calls of the list or trial (both sides). */
  readonly index: number;
  readonly side: Side;
  readonly call: ToolCall;
  /** The 0-based number of the speaker's turn the call belongs to, in a conversation. */
  readonly turn?: number;
}

/** Told about each tool call just before it runs and just after; accepted by the replay and conversation loops. */
export interface CallObserver {
  /** `db`: the side's DB just before the call; valid only during this hook (the call may change it in place afterwards). */
  beforeCall(observed: ObservedCall, db: JsonObject | undefined): void;
  afterCall(observed: ObservedCall, result: ToolResult, status: DispatchStatus): void;
}
