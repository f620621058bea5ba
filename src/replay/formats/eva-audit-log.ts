/**
 * eva's `audit_log.json` (eva 0.1.3, `src/eva/assistant/agentic/audit_log.py`
 * `AuditLog.save`): `{transcript, llm_prompts, conversation_messages}`. eva
 * writes a call in one or both of two places, by the server that ran it:
 *
 * - `transcript`: every call eva's ToolExecutor ran, as an entry
 *   `{value: {tool, parameters}, message_type: "tool_call", ...}` followed by
 *   `{value: {tool, response}, message_type: "tool_response", ...}`. The
 *   cascade pipeline writes them through `append_tool_call`; the
 *   speech-to-speech and realtime servers (pipecat realtime, OpenAI realtime,
 *   Gemini live, all through `base_server.execute_tool`) through
 *   `append_realtime_tool_call` and `append_tool_response`.
 * - `conversation_messages`: the calls the model asked for, in the OpenAI
 *   chat shape, with the text it read back. Only the cascade pipeline writes
 *   calls here; a realtime server's messages hold the spoken turns only.
 *
 * The transcript is what ran, so it decides which calls replay. Where
 * `conversation_messages` holds the same calls (a cascade record), they are
 * read from there, as the text the model read. A record whose entries cannot
 * be read is an error, never a record with no calls.
 */
import type { JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import { callsFromChatMessages } from "./chat-messages.js";
import type { RecordedCall } from "./types.js";
import { CallsFileError } from "./types.js";

/** Is `doc` an eva audit log: conversation messages, or a transcript beside its LLM prompts (what `AuditLog.save` writes)? */
export function isEvaAuditLog(doc: JsonValue): boolean {
  if (!isJsonObject(doc)) return false;
  return Array.isArray(doc["conversation_messages"]) || (Array.isArray(doc["transcript"]) && Array.isArray(doc["llm_prompts"]));
}

/** A transcript entry's kind: `message_type`, which every eva version writes, else `type`. */
function entryKind(entry: JsonValue): unknown {
  if (!isJsonObject(entry)) return undefined;
  return entry["message_type"] ?? entry["type"];
}

/** The calls eva's ToolExecutor ran, from the transcript's tool_call entries, each with the tool_response that answered it. */
export function callsFromEvaTranscript(transcript: readonly JsonValue[], where: string): RecordedCall[] {
  const calls: { name: string; arguments: JsonValue; response?: JsonValue }[] = [];
  transcript.forEach((entry, i) => {
    const kind = entryKind(entry);
    if (kind !== "tool_call" && kind !== "tool_response") return;
    const at = `${where}[${i}]`;
    const value = isJsonObject(entry) ? entry["value"] : undefined;
    if (!isJsonObject(value) || typeof value["tool"] !== "string") throw new CallsFileError(`${at}.value: expected {tool, ${kind === "tool_call" ? "parameters" : "response"}} (eva's ${kind} entry)`);
    const tool = value["tool"];
    if (kind === "tool_call") {
      const params = value["parameters"];
      if (!isJsonObject(params)) throw new CallsFileError(`${at}.value.parameters: expected an object of arguments, found ${JSON.stringify(params ?? null)}`);
      calls.push({ name: tool, arguments: params });
      return;
    }
    // eva awaits each call before the next, and the saved transcript is in time order: a response answers the earliest unanswered call of its tool.
    const call = calls.find((c) => c.name === tool && !("response" in c));
    if (!call) throw new CallsFileError(`${at}: a tool_response of ${tool} with no tool_call of ${tool} before it`);
    call.response = value["response"] ?? null;
  });
  return calls.map((c) => ({ name: c.name, arguments: c.arguments, side: "agent" as const, ...("response" in c ? { recorded: { value: c.response } } : {}) }));
}

function sameValue(a: JsonValue, b: JsonValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i] as JsonValue));
  if (isJsonObject(a) || isJsonObject(b)) {
    if (!isJsonObject(a) || !isJsonObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameValue(a[k] as JsonValue, b[k] as JsonValue));
  }
  return a === b;
}

const sameCalls = (a: readonly RecordedCall[], b: readonly RecordedCall[]): boolean => a.length === b.length && a.every((c, i) => c.name === b[i]?.name && sameValue(c.arguments, b[i]?.arguments ?? null));

/** The calls of an eva audit log (see the module comment for which of its two records is read). */
export function callsFromEvaAuditLog(doc: JsonValue): RecordedCall[] {
  if (!isEvaAuditLog(doc) || !isJsonObject(doc)) throw new CallsFileError("expected eva's audit log: an object with conversation_messages, or a transcript and llm_prompts");
  const messages = doc["conversation_messages"];
  const transcript = doc["transcript"];
  if (messages !== undefined && !Array.isArray(messages)) throw new CallsFileError(`conversation_messages: expected an array`);
  if (transcript !== undefined && !Array.isArray(transcript)) throw new CallsFileError(`transcript: expected an array`);
  const asked = Array.isArray(messages) ? callsFromChatMessages(messages, "conversation_messages") : [];
  const ran = Array.isArray(transcript) ? callsFromEvaTranscript(transcript, "transcript") : [];
  if (ran.length === 0) return asked;
  return sameCalls(asked, ran) ? asked : ran;
}
