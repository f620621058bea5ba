/**
 * evalsim's own `transcript.jsonl`: one event a line; `tool_call` events are
 * re-issued with their side, and the `tool_result` of the same `id` is what
 * the call returned. Arguments and results are written in Python's spelling
 * (python/spelled-json-text.ts), so they read back as the model saw them.
 */
import { parsePythonJson } from "../../json/parse.js";
import { isFloatAt } from "../../json/py-float.js";
import type { JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import type { RecordedCall } from "./types.js";
import { CallsFileError } from "./types.js";

// The TranscriptEvent types (engine/conversation/types.ts), and the size cap's "omitted" line.
const EVENT_TYPES = new Set(["message", "tool_call", "tool_result", "sync", "dropped_call", "model_reply", "error", "end", "omitted"]);

/** Is `text` JSON lines whose first line is an evalsim transcript event? */
export function looksLikeTranscript(text: string): boolean {
  const type = /^\{"type":"([a-z_]+)"/.exec(text)?.[1];
  return type !== undefined && EVENT_TYPES.has(type);
}

export function callsFromTranscript(text: string, where: string): RecordedCall[] {
  const calls: { id: unknown; call: RecordedCall }[] = [];
  const results = new Map<unknown, JsonValue>();
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let event: JsonValue;
    try {
      event = parsePythonJson(line);
    } catch (e) {
      throw new CallsFileError(`${where}:${i + 1}: ${(e as Error).message}`);
    }
    if (isJsonObject(event) && event["type"] === "omitted") throw new CallsFileError(`${where}:${i + 1}: the transcript was cut at its size cap, so its tool calls cannot all be replayed`);
    if (isJsonObject(event) && event["type"] === "tool_result" && event["result"] !== undefined) results.set(event["id"], event["result"]);
    if (!isJsonObject(event) || event["type"] !== "tool_call") return;
    const { name, side } = event;
    if (typeof name !== "string" || (side !== "agent" && side !== "user")) throw new CallsFileError(`${where}:${i + 1}: expected a tool_call event with a name and a side`);
    const float = isFloatAt(event, "arguments") && typeof event["arguments"] === "number" && Number.isInteger(event["arguments"]) ? { argumentsFloat: true as const } : {};
    calls.push({ id: event["id"], call: { name, arguments: event["arguments"] ?? {}, ...float, side } });
  });
  return calls.map(({ id, call }) => (results.has(id) ? { ...call, recorded: { value: results.get(id) as JsonValue } } : call));
}
