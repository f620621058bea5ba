/**
 * Recorded tool calls in every format evalsim reads, the format detected and
 * named (formats/types.ts lists them): a JSON array of `{name, arguments,
 * side?}` (or `{calls: [...]}`); evalsim's `transcript.jsonl`; OpenAI chat
 * `messages`; eva's `audit_log.json` (its `transcript` tool calls or its
 * `conversation_messages`, eva's own snake_case tool names); NeMo's `llm_context.json`; tau2-bench simulation
 * `messages` (a messages array, or an object holding one).
 */
import { basename } from "node:path";
import type { ToolCall } from "../engine/types.js";
import { JsonSyntaxError, parsePythonJson } from "../json/parse.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { parseArgumentsText } from "./formats/arguments-text.js";
import { callsFromChatMessages, hasOpenAiToolCalls, isChatMessages } from "./formats/chat-messages.js";
import { callsFromEvaAuditLog, isEvaAuditLog } from "./formats/eva-audit-log.js";
import { callsFromTau2Messages, hasTau2ToolCalls } from "./formats/tau2-messages.js";
import { callsFromTranscript, looksLikeTranscript } from "./formats/transcript-lines.js";
import type { ParsedCalls } from "./formats/types.js";
import { CALL_FORMATS, CallsFileError } from "./formats/types.js";

export { CALL_FORMATS, CallsFileError, type CallsFormat, type ParsedCalls, type RecordedCall, type RecordedResult } from "./formats/types.js";

function fromCallList(list: readonly JsonValue[]): ToolCall[] {
  return list.map((c, i) => {
    if (!isJsonObject(c) || typeof c["name"] !== "string") throw new CallsFileError(`[${i}]: expected {name, arguments, side?}`);
    const side = c["side"];
    if (side !== undefined && side !== "agent" && side !== "user") throw new CallsFileError(`[${i}].side: expected "agent" or "user", found ${JSON.stringify(side)}`);
    const raw = c["arguments"] ?? {};
    const args = typeof raw === "string" ? parseArgumentsText(raw, `[${i}]`) : { arguments: raw };
    return { name: c["name"], ...args, ...(side ? { side: side } : {}) };
  });
}

const UNKNOWN = `not a recording evalsim reads (expected one of: ${CALL_FORMATS.join(", ")})`;

/** A messages array: tau2's call shape, or the OpenAI shape (NeMo's when the file is its llm_context.json). */
function fromMessages(messages: readonly JsonValue[], where: string, fileName: string | undefined): ParsedCalls {
  if (hasTau2ToolCalls(messages) && !hasOpenAiToolCalls(messages)) return { format: "tau2 simulation messages", calls: callsFromTau2Messages(messages, where), names: "records" };
  const format = fileName === "llm_context.json" ? "NeMo llm_context.json" : "OpenAI messages";
  return { format, calls: callsFromChatMessages(messages, where), names: "llm" };
}

/**
 * The calls of a parsed JSON document. `fileName` (the file's base name)
 * tells NeMo's `llm_context.json` from other OpenAI-shape message lists.
 */
export function parseCallsDocument(doc: JsonValue, fileName?: string): ParsedCalls {
  if (Array.isArray(doc)) {
    if (isChatMessages(doc)) return fromMessages(doc, "messages", fileName);
    const first = doc[0];
    if (first === undefined || (isJsonObject(first) && typeof first["name"] === "string")) return { format: "evalsim call list", calls: fromCallList(doc), names: "records" };
  } else if (isJsonObject(doc)) {
    // eva's ToolExecutor runs its own function names (get_reservation), which the port knows as aliases.
    if (isEvaAuditLog(doc)) return { format: "eva audit_log.json", calls: callsFromEvaAuditLog(doc), names: "records" };
    if (Array.isArray(doc["messages"])) return fromMessages(doc["messages"], "messages", fileName);
    if (Array.isArray(doc["calls"])) return { format: "evalsim call list", calls: fromCallList(doc["calls"]), names: "records" };
  }
  throw new CallsFileError(UNKNOWN);
}

function looksLikeJsonLines(text: string): boolean {
  const first = text.split("\n", 1)[0] ?? "";
  try {
    parsePythonJson(first);
    return true;
  } catch {
    return false;
  }
}

/** The calls of a recording's text: JSON lines of an evalsim transcript, or one JSON document. */
export function parseCallsText(text: string, where: string): ParsedCalls {
  if (looksLikeTranscript(text)) return { format: "evalsim transcript.jsonl", calls: callsFromTranscript(text, where), names: "llm" };
  // Neither JSON lines of a transcript nor one JSON document.
  if (!/^\s*[[{]/.test(text)) throw new CallsFileError(UNKNOWN);
  let doc: JsonValue;
  try {
    doc = parsePythonJson(text);
  } catch (e) {
    // JSON lines of something else (eva's own transcript.jsonl holds no tool calls).
    if (e instanceof JsonSyntaxError && e.message.startsWith("unexpected trailing data") && looksLikeJsonLines(text)) throw new CallsFileError(UNKNOWN);
    throw e;
  }
  return parseCallsDocument(doc, basename(where));
}

