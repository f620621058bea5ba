/**
 * Recorded tool calls in the three formats `evalsim replay` accepts:
 * a JSON array of `{name, arguments, side?}`; an OpenAI-style chat `messages`
 * array (assistant `tool_calls` with JSON-string arguments); or an object with
 * `conversation_messages` (eva `audit_log.json`).
 */
import type { ToolCall } from "../engine/types.js";
import { checkJsonDepth } from "../json/parse.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

export class CallsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CallsFileError";
  }
}

function parseArgumentsText(text: string, where: string): JsonValue {
  if (text.trim() === "") return {};
  try {
    checkJsonDepth(text);
    return JSON.parse(text) as JsonValue;
  } catch (e) {
    throw new CallsFileError(`${where}.function.arguments: not valid JSON (${(e as Error).message}): ${text.slice(0, 80)}`);
  }
}

function fromMessages(messages: readonly JsonValue[], where: string): ToolCall[] {
  const calls: ToolCall[] = [];
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
      const args = typeof rawArgs === "string" ? parseArgumentsText(rawArgs, at) : (rawArgs ?? {});
      calls.push({ name: fn["name"], arguments: args, side: "agent" });
    });
  });
  return calls;
}

function fromCallList(list: readonly JsonValue[]): ToolCall[] {
  return list.map((c, i) => {
    if (!isJsonObject(c) || typeof c["name"] !== "string") throw new CallsFileError(`[${i}]: expected {name, arguments, side?}`);
    const side = c["side"];
    if (side !== undefined && side !== "agent" && side !== "user") throw new CallsFileError(`[${i}].side: expected "agent" or "user", found ${JSON.stringify(side)}`);
    const raw = c["arguments"] ?? {};
    const args: JsonValue = typeof raw === "string" ? parseArgumentsText(raw, `[${i}]`) : raw;
    return { name: c["name"], arguments: args, ...(side ? { side: side } : {}) };
  });
}

export interface ParsedCalls {
  readonly calls: ToolCall[];
  /** Chat transcripts hold model calls (LLM names only); call lists may use record names. */
  readonly names: "llm" | "records";
}

export function parseCallsDocument(doc: JsonValue): ParsedCalls {
  const llm = (calls: ToolCall[]): ParsedCalls => ({ calls, names: "llm" });
  const records = (calls: ToolCall[]): ParsedCalls => ({ calls, names: "records" });
  if (Array.isArray(doc)) {
    const looksLikeMessages = doc.length > 0 && doc.every((m) => isJsonObject(m) && typeof m["role"] === "string");
    return looksLikeMessages ? llm(fromMessages(doc, "messages")) : records(fromCallList(doc));
  }
  if (isJsonObject(doc)) {
    const obj = doc;
    if (Array.isArray(obj["conversation_messages"])) return llm(fromMessages(obj["conversation_messages"], "conversation_messages"));
    if (Array.isArray(obj["messages"])) return llm(fromMessages(obj["messages"], "messages"));
    if (Array.isArray(obj["calls"])) return records(fromCallList(obj["calls"]));
  }
  throw new CallsFileError("expected a JSON array of calls, a chat messages array, or an object with conversation_messages");
}
