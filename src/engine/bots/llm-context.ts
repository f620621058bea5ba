/**
 * The chat context of an LLM bot, as the reference's framework builds it
 * (pipecat 1.6.0's assistant aggregator, `LLMAssistantAggregator` in
 * `processors/aggregators/llm_response_universal.py`, which NeMo's bots use):
 *
 * - what the other side says arrives as a `user` message;
 * - a reply's text becomes one `assistant` message when the reply ends
 *   (`push_aggregation` on `LLMFullResponseEndFrame`); text that is empty or
 *   only whitespace never reaches it (the TTS service drops such text);
 * - each call that runs then becomes its own pair: an `assistant` message
 *   holding that one call, whose arguments are `json.dumps(parsed arguments,
 *   ensure_ascii=False)` (not the model's text), and a `tool` message that
 *   says `IN_PROGRESS` until the result replaces its content
 *   (`_handle_function_call_in_progress`, `_update_function_call_result`).
 *   The text comes first because the LLM service pushes the end of the reply
 *   before its function-call tasks announce themselves, and every frame after
 *   the LLM keeps its order on the way to the aggregator.
 *
 * Keys are in the order the reference writes them, so request bodies read
 * like the reference's.
 */
import type { ChatMessage, ChatToolMessage } from "../../llm/chat.js";
import { pyJsonDumps } from "../../python/json-dumps.js";
import { pyFloatRepr } from "../../python/float.js";
import type { JsonValue } from "../../json/types.js";
import { truthy } from "../../python/semantics.js";
import { pyStrip } from "../../python/strip.js";
import type { ToolCall } from "../types.js";

/** The bridge's kickoff: the agent's first user message (it speaks first, as if greeted). */
export const AGENT_KICKOFF = "Hello";

/** What a pending call's tool message says until its result arrives. */
export const IN_PROGRESS = "IN_PROGRESS";

/**
 * `_normalize_empty_result`: what a tool result becomes when delivered live.
 * Empty results would otherwise reach the model as "COMPLETED".
 */
export function deliveredResult(result: JsonValue): JsonValue {
  if (truthy(result)) return result;
  if (Array.isArray(result)) return { status: "success", results: [], count: 0, message: "No matching records found." };
  if (result !== null && typeof result === "object") return { status: "success", results: {}, message: "No matching records found." };
  return { status: "success", result, message: "Completed with no data returned." };
}

/**
 * The tool message of a delivered result: pipecat's assistant aggregator
 * (1.6.0, `_handle_function_call_finished`) writes `json.dumps(result,
 * ensure_ascii=False)`, so non-ASCII text reaches the model as it is.
 */
export function toolMessage(id: string, result: JsonValue): ChatToolMessage {
  return { role: "tool", content: pyJsonDumps(deliveredResult(result), undefined, false), tool_call_id: id };
}

/** The tool message of a call that has not returned yet. */
export function pendingToolMessage(id: string): ChatToolMessage {
  return { role: "tool", content: IN_PROGRESS, tool_call_id: id };
}

/** A reply's text as its own message, or nothing when there is no text to speak (the TTS service's `text.strip()`). */
export function textMessage(content: string | null): ChatMessage | undefined {
  return content !== null && pyStrip(content) !== "" ? { role: "assistant", content } : undefined;
}

/** `json.dumps(arguments, ensure_ascii=False)` of a call's parsed arguments. */
export function argumentsText(call: ToolCall): string {
  if (call.argumentsFloat === true && typeof call.arguments === "number") return pyFloatRepr(call.arguments);
  return pyJsonDumps(call.arguments, undefined, false);
}

/** The assistant message of one call that runs, under the id the context knows it by. */
export function callMessage(id: string, call: ToolCall): ChatMessage {
  return { role: "assistant", tool_calls: [{ id, function: { name: call.name, arguments: argumentsText(call) }, type: "function" }] };
}
