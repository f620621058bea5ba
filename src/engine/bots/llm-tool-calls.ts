/**
 * From a model's tool calls to what the conversation dispatches, as the
 * reference's LLM service does after a reply (pipecat 1.6.0's OpenAI-compatible
 * service, `BaseOpenAILLMService._process_context`, which the reference's
 * tool-calling backends use):
 *
 * - an empty argument text is `{}` (its `arguments or "{}"`);
 * - a text that `json.loads` refuses with a `JSONDecodeError` drops that call:
 *   it is logged, never run and never enters the model's context; the reply's
 *   other calls go on;
 * - a text whose parse raises anything else fails the reply's whole
 *   function-call step, so none of the reply's calls runs: an integer of more
 *   than 4300 digits (`ValueError`), nesting past the recursion limit
 *   (`RecursionError`; evalsim uses its JSON nesting limit instead, see the
 *   known divergence `json-text:nesting-limit`).
 *
 * A reply whose calls are all dropped is what it would be without them: its
 * text, or nothing. Any other JSON value is dispatched as it is, and dispatch
 * applies the reference's `_execute(**(arguments or {}))` (falsy means no
 * arguments, a truthy non-object is Python's TypeError).
 */
import { JsonDepthError, JsonIntDigitsError, parsePythonJson } from "../../json/parse.js";
import { isFloatDocument } from "../../json/py-float.js";
import type { JsonValue } from "../../json/types.js";
import type { DroppedCall } from "../conversation/types.js";
import type { ToolCall } from "../types.js";

export type PlannedCall = { readonly kind: "dispatch"; readonly call: ToolCall } | { readonly kind: "drop"; readonly dropped: DroppedCall };

function raisedBy(e: unknown): DroppedCall["raised"] {
  if (e instanceof JsonDepthError) return "RecursionError";
  if (e instanceof JsonIntDigitsError) return "ValueError";
  return "JSONDecodeError";
}

/** One call. `modelId`: the id the model itself gave the call, if any (kept in the transcript). */
export function planToolCall(name: string, rawArguments: string, modelId?: string): PlannedCall {
  const own = modelId ? { modelCallId: modelId } : {};
  let args: JsonValue;
  try {
    args = parsePythonJson(rawArguments === "" ? "{}" : rawArguments);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { kind: "drop", dropped: { ...own, name, arguments: rawArguments, raised: raisedBy(e), reason } };
  }
  const float = typeof args === "number" && isFloatDocument(rawArguments) ? { argumentsFloat: true as const } : {};
  return { kind: "dispatch", call: { name, arguments: args, ...float, ...own } };
}

export interface ReplyCall {
  readonly name: string;
  readonly arguments: string;
  readonly modelId?: string;
}

export interface PlannedReply {
  /** The calls that run, in the reply's order; `index` is the call's place in the reply. */
  readonly run: readonly { readonly index: number; readonly call: ToolCall }[];
  readonly dropped: readonly DroppedCall[];
}

/** A reply's calls: those that run and those dropped. */
export function planReply(calls: readonly ReplyCall[]): PlannedReply {
  const planned = calls.map((c) => planToolCall(c.name, c.arguments, c.modelId));
  const step = planned.flatMap((p) => (p.kind === "drop" && p.dropped.raised !== "JSONDecodeError" ? [p.dropped] : []))[0];
  if (step) {
    // The parse raised past pipecat's `except json.JSONDecodeError`: the reply's calls are all lost.
    const reason = `another call of this reply raised ${step.raised} (${step.reason})`;
    return {
      run: [],
      dropped: planned.map((p, i) => (p.kind === "drop" ? p.dropped : { ...(p.call.modelCallId ? { modelCallId: p.call.modelCallId } : {}), name: p.call.name, arguments: calls[i]?.arguments ?? "", raised: step.raised, reason })),
    };
  }
  return {
    run: planned.flatMap((p, index) => (p.kind === "dispatch" ? [{ index, call: p.call }] : [])),
    dropped: planned.flatMap((p) => (p.kind === "drop" ? [p.dropped] : [])),
  };
}
