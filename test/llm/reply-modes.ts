/**
 * The fake endpoint's reply modes: what real OpenAI-compatible servers send
 * besides a plain message, applied to a scripted reply. Each mode turns one
 * `ReplySpec` into the form a server in that configuration returns.
 */
import type { ReplySpec } from "./mock-openai.js";

export type ReplyMode =
  /** The thinking inline in `content` (vLLM without --reasoning-parser). */
  | { kind: "think_tags"; thought: string; reasoningTokens?: number }
  /** The thinking in `reasoning_content` (vLLM with --reasoning-parser) or `reasoning`. */
  | { kind: "reasoning_field"; field: "reasoning_content" | "reasoning"; thought: string; reasoningTokens?: number }
  /** The tool calls written into `content` in one of the template forms (the server's tool parser off). */
  | { kind: "tools_as_text"; form: "hermes" | "qwen3_coder" | "llama3_json" | "mistral" | "json" };

function callsText(form: Extract<ReplyMode, { kind: "tools_as_text" }>["form"], calls: NonNullable<ReplySpec["calls"]>): string {
  const objs = calls.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments) as unknown }));
  switch (form) {
    case "hermes":
      return objs.map((o) => `<tool_call>\n${JSON.stringify(o)}\n</tool_call>`).join("\n");
    case "qwen3_coder":
      return objs.map((o) => `<tool_call>\n<function=${o.name}>\n${Object.entries(o.arguments as Record<string, unknown>).map(([k, v]) => `<parameter=${k}>\n${String(v)}\n</parameter>`).join("\n")}\n</function>\n</tool_call>`).join("\n");
    case "llama3_json":
      return `<|python_tag|>${JSON.stringify({ name: objs[0]?.name, parameters: objs[0]?.arguments })}`;
    case "mistral":
      return `[TOOL_CALLS]${JSON.stringify(objs)}`;
    case "json":
      return JSON.stringify(objs.length === 1 ? objs[0] : objs);
    default:
      return form satisfies never;
  }
}

const usageWith = (reasoning: number | undefined): NonNullable<ReplySpec["usage"]> =>
  reasoning === undefined ? { prompt_tokens: 100, completion_tokens: 10 } : { prompt_tokens: 100, completion_tokens: 10 + reasoning, completion_tokens_details: { reasoning_tokens: reasoning } };

export function applyMode(spec: ReplySpec, mode: ReplyMode): ReplySpec {
  switch (mode.kind) {
    case "think_tags":
      return { ...spec, content: `<think>${mode.thought}</think>${spec.content ?? ""}`, usage: usageWith(mode.reasoningTokens) };
    case "reasoning_field":
      return { ...spec, [mode.field]: mode.thought, usage: usageWith(mode.reasoningTokens) };
    case "tools_as_text": {
      if (!spec.calls || spec.calls.length === 0) return spec;
      const text = callsText(mode.form, spec.calls);
      const rest: ReplySpec = { ...spec };
      delete rest.calls;
      return { ...rest, content: spec.content ? `${spec.content}\n${text}` : text };
    }
    default:
      return mode satisfies never;
  }
}
