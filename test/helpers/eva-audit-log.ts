/**
 * eva audit logs built the way eva 0.1.3's `AuditLog` writes them
 * (`src/eva/assistant/agentic/audit_log.py`, commit 58637852d069):
 * transcript entries `{value, displayName, type, isBotMessage, timestamp,
 * message_type}`, conversation messages as `ConversationMessage.to_dict()`
 * (None fields left out), and `save()`'s three keys in its order.
 *
 * - `cascadeLog`: `AgenticSystem` (`agentic/system.py` 302-377): the
 *   assistant message with `tool_calls` (`tc.model_dump()`: id, type,
 *   function {name, arguments text}), then per call `append_tool_call` (call
 *   and response entries) and `append_tool_message` (the `json.dumps` text).
 * - `realtimeLog`: `base_server.execute_tool` (198-203), which the pipecat
 *   realtime, OpenAI realtime and Gemini live servers all call:
 *   `append_realtime_tool_call` then `append_tool_response`; their
 *   conversation messages hold the spoken turns only.
 */
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";

export interface LoggedCall {
  readonly name: string;
  readonly arguments: JsonObject;
  readonly response: JsonValue;
}

/** eva's timestamps are epoch-millisecond strings; these only need to rise. */
function clock(): () => string {
  let t = 1772403773000;
  return () => String((t += 7));
}

const userEntry = (text: string, ts: string): JsonObject => ({ value: text, displayName: "User", type: "text", isBotMessage: false, timestamp: ts, message_type: "user" });
const botEntry = (text: string, ts: string): JsonObject => ({ value: text, displayName: "Bot", type: "text", isBotMessage: true, timestamp: ts, message_type: "assistant" });
/** `append_tool_call` and `append_realtime_tool_call` write the same entry. */
export const toolCallEntry = (tool: string, parameters: JsonValue, ts: string): JsonObject => ({ value: { tool, parameters }, displayName: "Tool", type: "tool_call", isBotMessage: true, timestamp: ts, message_type: "tool_call" });
export const toolResponseEntry = (tool: string, response: JsonValue, ts: string): JsonObject => ({ value: { tool, response }, displayName: "Tool Response", type: "tool_response", isBotMessage: true, timestamp: ts, message_type: "tool_response" });


/** A cascade record: calls in conversation_messages and in the transcript. */
export function cascadeLog(calls: readonly LoggedCall[]): JsonObject {
  const now = clock();
  const transcript: JsonObject[] = [userEntry("Hi, I need to change my flight.", now())];
  const messages: JsonObject[] = [{ role: "user", content: "Hi, I need to change my flight." }];
  calls.forEach((c, i) => {
    const id = `call_${String(i).padStart(4, "0")}`;
    messages.push({ role: "assistant", content: "", tool_calls: [{ id, type: "function", function: { name: c.name, arguments: JSON.stringify(c.arguments) } }] });
    transcript.push(toolCallEntry(c.name, c.arguments, now()), toolResponseEntry(c.name, c.response, now()));
    messages.push({ role: "tool", content: pyJsonDumps(c.response), tool_call_id: id });
  });
  transcript.push(botEntry("All done.", now()));
  messages.push({ role: "assistant", content: "All done." });
  return { transcript, llm_prompts: [], conversation_messages: messages };
}

/** A speech-to-speech or realtime record: calls in the transcript only. */
export function realtimeLog(calls: readonly LoggedCall[]): JsonObject {
  const now = clock();
  const transcript: JsonObject[] = [userEntry("Hi, I need to change my flight.", now())];
  for (const c of calls) transcript.push(toolCallEntry(c.name, c.arguments, now()), toolResponseEntry(c.name, c.response, now()));
  transcript.push(botEntry("All done.", now()));
  return {
    transcript,
    llm_prompts: [],
    conversation_messages: [
      { role: "user", content: "Hi, I need to change my flight." },
      { role: "assistant", content: "All done." },
    ],
  };
}
