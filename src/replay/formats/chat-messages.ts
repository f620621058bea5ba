/**
 * Chat `messages` in the OpenAI shape, as OpenAI clients, eva's
 * `audit_log.json` (`conversation_messages`) and NeMo's
 * `bot_logs_<side>/llm_context.json` (pipecat's context) all write them:
 * assistant `tool_calls` as `{id, function: {name, arguments: <JSON text>}}`,
 * each answered by a `{role: "tool", tool_call_id, content}` message whose
 * content is the text the model read.
 */
import type { Side } from "../../engine/types.js";
import type { JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import { parseArgumentsText } from "./arguments-text.js";
import type { RecordedCall, RecordedResult } from "./types.js";
import { CallsFileError } from "./types.js";

/** What pipecat's context holds for a call whose result never arrived. */
const PENDING = "IN_PROGRESS";

/** Does `m` look like an OpenAI-shape chat message list (every entry has a role)? */
export function isChatMessages(doc: readonly JsonValue[]): boolean {
  return doc.length > 0 && doc.every((m) => isJsonObject(m) && typeof m["role"] === "string");
}

/** Does any assistant message call a tool in the OpenAI shape (`function: {...}`)? */
export function hasOpenAiToolCalls(messages: readonly JsonValue[]): boolean {
  return messages.some((m) => isJsonObject(m) && Array.isArray(m["tool_calls"]) && m["tool_calls"].some((tc) => isJsonObject(tc) && isJsonObject(tc["function"])));
}

function toolResults(messages: readonly JsonValue[]): Map<string, RecordedResult> {
  const results = new Map<string, RecordedResult>();
  for (const m of messages) {
    if (!isJsonObject(m) || m["role"] !== "tool" || typeof m["tool_call_id"] !== "string") continue;
    const content = m["content"];
    if (typeof content === "string" && content !== PENDING) results.set(m["tool_call_id"], { text: content });
  }
  return results;
}

export function callsFromChatMessages(messages: readonly JsonValue[], where: string, side: Side = "agent"): RecordedCall[] {
  const results = toolResults(messages);
  const calls: RecordedCall[] = [];
  messages.forEach((m, i) => {
    if (!isJsonObject(m)) throw new CallsFileError(`${where}[${i}]: expected a message object`);
    const toolCalls = m["tool_calls"];
    if (m["role"] !== "assistant" || toolCalls === undefined || toolCalls === null) return;
    if (!Array.isArray(toolCalls)) throw new CallsFileError(`${where}[${i}].tool_calls: expected an array`);
    toolCalls.forEach((tc, j) => {
      const at = `${where}[${i}].tool_calls[${j}]`;
      const fn = isJsonObject(tc) ? tc["function"] : undefined;
      if (!isJsonObject(fn) || typeof fn["name"] !== "string") throw new CallsFileError(`${at}: expected {function: {name, arguments}}`);
      const rawArgs = fn["arguments"];
      const args = typeof rawArgs === "string" ? parseArgumentsText(rawArgs, at) : { arguments: rawArgs ?? {} };
      const id = isJsonObject(tc) ? tc["id"] : undefined;
      const recorded = typeof id === "string" ? results.get(id) : undefined;
      calls.push({ name: fn["name"], ...args, side, ...(recorded ? { recorded } : {}) });
    });
  });
  return calls;
}
