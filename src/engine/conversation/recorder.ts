/**
 * The transcript recorder: the one writer of a conversation's events, and
 * the owner of its tool-call ids.
 *
 * A call id (`call_1`, `call_2`, … counted across both sides) is issued to a
 * bot as it turns a reply into calls (`Bot.start`'s `callIds`), rides on the
 * call through the turn, dispatch and the result handed back, and is the `id`
 * of the call's `tool_call` and `tool_result` events. The model's own id for
 * a call is a field beside it (`model_call_id`), never a key.
 *
 * Every event is stamped with the conversation's virtual time and written
 * with its keys in one fixed order, so transcripts read alike across runs.
 */
import type { DispatchStatus } from "../dispatch.js";
import type { SyncOutcome } from "../sync.js";
import type { Side, ToolResult } from "../types.js";
import { markFloat } from "../../json/py-float.js";
import type { ChannelEffect } from "../channel/types.js";
import type { VirtualClock } from "./clock.js";
import type { CallId, CallIds, DroppedCall, IssuedCall, ReplyNote, StopReason, TranscriptEvent } from "./types.js";

/** What the other side heard of a message through a voice channel, and why it differs. */
export interface Hearing {
  readonly heard: string;
  readonly effects: readonly ChannelEffect[];
}

export interface Recorder {
  /** The events so far, in the order they happened. */
  readonly events: readonly TranscriptEvent[];
  /** The next call id; handed to bots as their `callIds`. */
  readonly nextCallId: CallIds;
  message(side: Side, text: string, hearing?: Hearing): void;
  /** What a model's reply held beside its speech and calls (only when there is something to note). */
  reply(side: Side, note: ReplyNote): void;
  dropped(side: Side, call: DroppedCall): void;
  /** A call about to run; its id must be one this recorder issued and not yet written. */
  toolCall(side: Side, call: IssuedCall): void;
  toolResult(side: Side, call: IssuedCall, status: DispatchStatus, result: ToolResult): void;
  /** A sync step, written only when it changed a DB or could not apply a key. */
  sync(outcome: SyncOutcome): void;
  error(side: Side, message: string): void;
  end(reason: StopReason, side: Side | null): void;
}

/** Call ids counted from `call_1`. */
export function callIdSequence(): () => CallId {
  let n = 0;
  return () => `call_${++n}`;
}

export function createRecorder(clock: VirtualClock): Recorder {
  const events: TranscriptEvent[] = [];
  const issue = callIdSequence();
  /** Issued ids not yet written as a `tool_call`. */
  const open = new Set<CallId>();
  const write = (event: TranscriptEvent): void => void events.push(event);

  return {
    events,
    nextCallId: () => {
      const id = issue();
      open.add(id);
      return id;
    },
    message: (side, text, hearing) => write({ type: "message", t: clock.now(), side, text, ...(hearing ? { heard: hearing.heard, effects: hearing.effects } : {}) }),
    reply: (side, note) => write({ type: "model_reply", t: clock.now(), side, ...note }),
    dropped: (side, d) => {
      const modelId = d.modelCallId !== undefined ? { model_call_id: d.modelCallId } : {};
      write({ type: "dropped_call", t: clock.now(), side, ...modelId, name: d.name, arguments: d.arguments, raised: d.raised, reason: d.reason });
    },
    toolCall: (side, call) => {
      // A bot that made up its own id, or gave one twice, would leave results that no call owns.
      if (!open.delete(call.id)) throw new Error(`${side} bot: tool call ${call.name} carries the id ${JSON.stringify(call.id)}, which the conversation did not issue or already used; take ids from the callIds given to start()`);
      const modelId = call.modelCallId !== undefined ? { model_call_id: call.modelCallId } : {};
      const event: TranscriptEvent = { type: "tool_call", t: clock.now(), side, id: call.id, ...modelId, name: call.name, arguments: call.arguments };
      // Bare arguments `2.0` have no container of their own to mark them a float: the event carries the mark.
      if (call.argumentsFloat === true) markFloat(event, "arguments");
      write(event);
    },
    toolResult: (side, call, status, result) => write({ type: "tool_result", t: clock.now(), side, id: call.id, name: call.name, status, result }),
    sync: (outcome) => {
      const changed = Object.values(outcome.deltas).some((d) => d && Object.keys(d).length > 0);
      if (changed || outcome.errors.length > 0) write({ type: "sync", t: clock.now(), deltas: outcome.deltas, errors: outcome.errors });
    },
    error: (side, message) => write({ type: "error", t: clock.now(), side, message }),
    end: (reason, side) => write({ type: "end", t: clock.now(), reason, side }),
  };
}
