/**
 * Turn-taking as text can show it. On a call an utterance does not always
 * reach the other side as one message: the caller pauses and the agent
 * answers the first half (a fragment), the agent talks over the caller and the
 * rest comes as the next message (barge-in), the caller says something to
 * someone else between turns ("Hold on a second.") that arrives as a message
 * of its own, and the caller cuts the agent's reply short and hears only its
 * first part. Each has its own rate; a profile without them is heard whole.
 */
import type { Rng } from "../rng.js";
import { pick } from "./confusions.js";
import { wordsOf } from "./edits.js";
import type { ChannelEffect } from "./types.js";

export interface TurnTaking {
  /** Per caller utterance of six words or more with a pause inside: split there into two messages. */
  readonly fragment: number;
  /** Per caller utterance of six words or more: cut mid-sentence, the rest sent as the next message. */
  readonly bargeIn: number;
  /** Per caller utterance: a side remark or backchannel sent after it as a message of its own. */
  readonly sideRemark: number;
  /** Per agent utterance of eight words or more: the caller barges in and hears only its first part. */
  readonly agentCut: number;
  /** The side remarks a caller makes. */
  readonly remarks: readonly string[];
}

/** A caller utterance as it reaches the agent: its first message, and the messages that follow it. */
export interface CallerParts {
  readonly first: string;
  readonly firstEffects: readonly ChannelEffect[];
  readonly rest: readonly { readonly text: string; readonly effects: readonly ChannelEffect[] }[];
}

/** Where a caller utterance is split, if it is: at a pause (fragment) or mid-sentence (barge-in). */
function splitPoint(text: string, t: TurnTaking, rng: Rng): { cut: number; kind: "fragment" | "barge_in" } | undefined {
  const words = wordsOf(text);
  if (words.length < 6) return undefined;
  const inner = words.slice(2, -2);
  if (rng.next() < t.fragment) {
    const pauses = inner.filter((w, i) => i > 0 && /[,.;:!?]\s*$/.test(text.slice((inner[i - 1] as { end: number }).end, w.start)));
    if (pauses.length > 0) return { cut: pick(rng, pauses).start, kind: "fragment" };
  }
  if (rng.next() < t.bargeIn) return { cut: pick(rng, inner).start, kind: "barge_in" };
  return undefined;
}

export function splitCallerTurn(text: string, t: TurnTaking, rng: Rng): CallerParts | undefined {
  const split = splitPoint(text, t, rng);
  const remark = t.remarks.length > 0 && rng.next() < t.sideRemark ? pick(rng, t.remarks) : undefined;
  if (!split && remark === undefined) return undefined;
  const first = split ? text.slice(0, split.cut).trimEnd() : text;
  const rest: { text: string; effects: ChannelEffect[] }[] = [];
  const firstEffects: ChannelEffect[] = [];
  if (split) {
    const tail = text.slice(split.cut);
    firstEffects.push({ kind: split.kind, at: first.length, end: first.length, original: tail });
    rest.push({ text: tail, effects: [{ kind: "continuation", at: 0, end: tail.length }] });
  }
  if (remark !== undefined) rest.push({ text: remark, effects: [{ kind: "side_remark", at: 0, end: remark.length, heard: remark }] });
  return { first, firstEffects, rest };
}

/** Where the caller cut the agent off, if it did: the part heard and the effect. */
export function cutAgentTurn(text: string, t: TurnTaking, rng: Rng): { heard: string; effect: ChannelEffect } | undefined {
  const words = wordsOf(text);
  if (words.length < 8 || rng.next() >= t.agentCut) return undefined;
  const at = (words[Math.floor(words.length * 0.4) + rng.int(Math.max(1, Math.floor(words.length * 0.4)))] as { start: number }).start;
  const heard = text.slice(0, at).trimEnd();
  return { heard, effect: { kind: "agent_cut", at: heard.length, end: text.length, original: text.slice(at) } };
}
