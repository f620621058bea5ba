/**
 * tau2-bench's simulation `messages` (`tau2.data_model.message`): assistant
 * and user messages carry `tool_calls` as `{id, name, arguments: <object>,
 * requestor}`, each answered by a `{role: "tool", id, content, requestor}`
 * message. A user's calls (telecom's phone tools) replay on the user side.
 */
import type { Side } from "../../engine/types.js";
import { parsePythonJson } from "../../json/parse.js";
import type { JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import type { RecordedCall, RecordedResult } from "./types.js";
import { CallsFileError } from "./types.js";

/** Does any message call a tool in tau2's shape (name and requestor on the call itself)? */
export function hasTau2ToolCalls(messages: readonly JsonValue[]): boolean {
  return messages.some((m) => isJsonObject(m) && Array.isArray(m["tool_calls"]) && m["tool_calls"].some((tc) => isJsonObject(tc) && typeof tc["name"] === "string" && !isJsonObject(tc["function"])));
}

/**
 * A tool message's content as a recorded result. tau2 writes a result that is
 * a string as the string itself (not its JSON text) and any other result as
 * JSON, so content that is not JSON is a string result, compared as the string.
 */
function recordedResult(content: string): RecordedResult {
  try {
    parsePythonJson(content);
    return { text: content };
  } catch {
    return { value: content };
  }
}

function toolResults(messages: readonly JsonValue[]): Map<string, RecordedResult> {
  const results = new Map<string, RecordedResult>();
  for (const m of messages) {
    if (!isJsonObject(m) || m["role"] !== "tool" || typeof m["id"] !== "string") continue;
    if (typeof m["content"] === "string") results.set(m["id"], recordedResult(m["content"]));
  }
  return results;
}

const sideOf = (requestor: JsonValue | undefined, role: JsonValue | undefined): Side => ((requestor ?? role) === "user" ? "user" : "agent");

export function callsFromTau2Messages(messages: readonly JsonValue[], where: string): RecordedCall[] {
  const results = toolResults(messages);
  const calls: RecordedCall[] = [];
  messages.forEach((m, i) => {
    if (!isJsonObject(m)) throw new CallsFileError(`${where}[${i}]: expected a message object`);
    const toolCalls = m["tool_calls"];
    if ((m["role"] !== "assistant" && m["role"] !== "user") || toolCalls === undefined || toolCalls === null) return;
    if (!Array.isArray(toolCalls)) throw new CallsFileError(`${where}[${i}].tool_calls: expected an array`);
    toolCalls.forEach((tc, j) => {
      const at = `${where}[${i}].tool_calls[${j}]`;
      if (!isJsonObject(tc) || typeof tc["name"] !== "string") throw new CallsFileError(`${at}: expected {id, name, arguments, requestor}`);
      const args = tc["arguments"] ?? {};
      if (!isJsonObject(args)) throw new CallsFileError(`${at}.arguments: expected an object`);
      const id = tc["id"];
      const recorded = typeof id === "string" ? results.get(id) : undefined;
      calls.push({ name: tc["name"], arguments: args, side: sideOf(tc["requestor"], m["role"]), ...(recorded ? { recorded } : {}) });
    });
  });
  return calls;
}
