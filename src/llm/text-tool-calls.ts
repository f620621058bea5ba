/**
 * Tool calls a model wrote as text: what a server sends when its tool-call
 * parser is off (vLLM without `--enable-auto-tool-choice --tool-call-parser`)
 * or is the wrong one for the model. The harness speaks such text as it is
 * (pipecat only runs `tool_calls`), so evalsim does too; this names the form,
 * for the transcript, the counts and the hint of which parser to start.
 *
 * The forms, by the chat templates that produce them:
 * - `hermes`: `<tool_call>{"name": …, "arguments": …}</tool_call>` (Hermes, Qwen2.5, Qwen3);
 * - `qwen3_coder`: `<tool_call><function=NAME><parameter=…>` (Qwen3-Coder, Nemotron 3);
 * - `llama3_json`: `<|python_tag|>` before a JSON call (Llama 3.1+);
 * - `mistral`: `[TOOL_CALLS]` before a JSON list of calls;
 * - `json`: the whole text one JSON object, or a list of them, naming an
 *   offered tool under `name` with `arguments` or `parameters`.
 */
import { parsePythonJson } from "../json/parse.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

export const TEXT_TOOL_CALL_FORMATS = ["hermes", "qwen3_coder", "llama3_json", "mistral", "json"] as const;
export type TextToolCallFormat = (typeof TEXT_TOOL_CALL_FORMATS)[number];

/** The vLLM `--tool-call-parser` that reads each form. */
export const PARSER_FOR: Readonly<Record<TextToolCallFormat, string>> = {
  hermes: "hermes",
  qwen3_coder: "qwen3_coder",
  llama3_json: "llama3_json",
  mistral: "mistral",
  json: "the one for your model's chat template (hermes, llama3_json, mistral, qwen3_coder, …)",
};

function parsed(text: string): JsonValue | undefined {
  try {
    return parsePythonJson(text);
  } catch {
    return undefined;
  }
}

const namesTool = (v: JsonValue | undefined, tools: ReadonlySet<string>): boolean =>
  isJsonObject(v) && typeof v["name"] === "string" && tools.has(v["name"]) && ("arguments" in v || "parameters" in v);

/** The form of the tool calls written in `text`, if it holds any; `tools`: the names the request offered. */
export function textToolCallFormat(text: string, tools: ReadonlySet<string>): TextToolCallFormat | undefined {
  if (/<tool_call>\s*<function=/.test(text)) return "qwen3_coder";
  if (/<tool_call>[\s\S]*?\}\s*<\/tool_call>/.test(text)) return "hermes";
  if (text.includes("<|python_tag|>")) return "llama3_json";
  if (text.includes("[TOOL_CALLS]")) return "mistral";
  const whole = parsed(text.trim());
  if (namesTool(whole, tools)) return "json";
  if (Array.isArray(whole) && whole.length > 0 && whole.every((c) => namesTool(c, tools))) return "json";
  return undefined;
}
