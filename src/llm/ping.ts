/**
 * One tiny request to check an endpoint before a run: does it answer, how
 * fast, and does the model call a tool when offered one. No retries: the
 * point is to see the endpoint as it is.
 */
import type { ClientDeps } from "./client.js";
import { clockOf, createChatClient } from "./client.js";
import type { LlmConfig } from "./config.js";
import type { TokenUsage } from "./chat.js";
import type { JsonObject } from "../json/types.js";
import type { TextToolCallFormat } from "./text-tool-calls.js";
import { PARSER_FOR, textToolCallFormat } from "./text-tool-calls.js";
import { splitThinking } from "./thinking.js";

export const PING_TOOL: JsonObject = {
  type: "function",
  function: {
    name: "report_status",
    description: "Report that the system is working. Call this tool; do not answer in text.",
    parameters: { type: "object", properties: { status: { type: "string", description: "Always 'ok'." } }, required: ["status"] },
  },
};
const PING_TOOL_NAME = "report_status";

export interface PingResult {
  readonly latencyMs: number;
  /** The model called the offered tool. */
  readonly toolCalling: boolean;
  /** What it did instead, when it did not call the tool. */
  readonly instead?: string;
  /** The form of the tool call it wrote as text instead of calling (the server's tool-call parser is off). */
  readonly toolCallsInText?: TextToolCallFormat;
  readonly usage: TokenUsage;
}

/** Send one tiny request to a config's endpoint and report the latency and whether tool calling works (`config check --ping`). */
export async function pingEndpoint(config: LlmConfig, deps: Omit<ClientDeps, "cassette"> = {}): Promise<PingResult> {
  const clock = clockOf(deps);
  const client = createChatClient({ ...config, retries: 0 }, { ...deps, clock });
  const started = clock.now();
  const reply = await client.complete({
    messages: [
      { role: "system", content: "You are a connectivity check. Call the report_status tool with status 'ok'." },
      { role: "user", content: "Please report your status." },
    ],
    tools: [PING_TOOL],
  });
  const latencyMs = Math.round(clock.now() - started);
  const called = reply.toolCalls.some((c) => c.function.name === PING_TOOL_NAME);
  if (called) return { latencyMs, toolCalling: true, usage: reply.usage };
  if (reply.toolCalls.length > 0) return { latencyMs, toolCalling: false, instead: `called ${reply.toolCalls.map((c) => c.function.name).join(", ")}`, usage: reply.usage };
  const spoken = splitThinking(reply.content ?? "", config.speech).spoken;
  const form = textToolCallFormat(spoken, new Set([PING_TOOL_NAME]));
  if (form !== undefined) {
    const instead = `wrote the tool call as text (${form} form) instead of calling it: the server's tool-call parser is off or wrong; start vLLM with --enable-auto-tool-choice --tool-call-parser ${PARSER_FOR[form]}`;
    return { latencyMs, toolCalling: false, instead, toolCallsInText: form, usage: reply.usage };
  }
  return { latencyMs, toolCalling: false, instead: `answered in text: ${JSON.stringify(spoken.slice(0, 80))}`, usage: reply.usage };
}
