/**
 * The chat context of an LLM bot, as the reference's framework builds it:
 * what the other side says arrives as a `user` message, the bot's replies are
 * `assistant` messages (with their tool calls), and each tool result is a
 * `tool` message holding Python's `json.dumps(..., ensure_ascii=False)` of
 * the delivered result.
 */
import type { ChatMessage, ChatToolCall } from "../../llm/chat.js";
import { pythonJsonDumps } from "../../llm/python-dumps.js";
import type { JsonValue } from "../../json/types.js";
import { truthy } from "../../python/semantics.js";

/** The bridge's kickoff: the agent's first user message (it speaks first, as if greeted). */
export const AGENT_KICKOFF = "Hello";

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
export function toolMessage(id: string, result: JsonValue): ChatMessage {
  return { role: "tool", tool_call_id: id, content: pythonJsonDumps(deliveredResult(result), undefined, false) };
}

export function assistantMessage(content: string | null, calls: readonly ChatToolCall[]): ChatMessage {
  return calls.length > 0 ? { role: "assistant", content, tool_calls: calls } : { role: "assistant", content };
}
