import { describe, expect, it } from "vitest";
import type { TranscriptEvent } from "../../../src/engine/conversation/types.js";
import { countReplies, formatReplies, totalReplies } from "../../../src/run/scenario/reply-counts.js";

const reply = (side: "agent" | "user", note: Record<string, unknown>): TranscriptEvent => ({ type: "model_reply", t: 0, side, ...note });
const zero = { with_thinking: 0, only_thinking: 0, tool_calls_in_text: 0, cut_off: 0, refusals: 0 };

describe("countReplies", () => {
  it("is undefined when the transcript notes no reply, so metrics.json keeps its old shape", () => {
    expect(countReplies([])).toBeUndefined();
    expect(countReplies([{ type: "message", t: 0, side: "agent", text: "hi" } as unknown as TranscriptEvent])).toBeUndefined();
  });

  it("counts each kind of reply per side; thinking counts from either the think tokens or a reasoning field", () => {
    const counts = countReplies([
      reply("agent", { thinking: "hmm" }),
      reply("agent", { reasoning: "r", only_thinking: true }),
      reply("agent", { finish_reason: "length" }),
      reply("agent", { tool_calls_in_text: "hermes" }),
      reply("agent", { tool_calls_in_text: "hermes" }),
      reply("agent", { tool_calls_in_text: "json" }),
      reply("user", { refusal: "no" }),
    ]);
    expect(counts).toEqual({
      agent: { with_thinking: 2, only_thinking: 1, tool_calls_in_text: 3, cut_off: 1, refusals: 0, tool_call_forms: { hermes: 2, json: 1 } },
      user: { ...zero, refusals: 1 },
    });
  });
});

describe("totalReplies", () => {
  it("adds the scenarios' counts per side and per tool-call form, skipping scenarios without any", () => {
    const total = totalReplies([
      { model_replies: { agent: { ...zero, with_thinking: 2, tool_calls_in_text: 1, tool_call_forms: { mistral: 1 } } } },
      { status: "passed" },
      { model_replies: { agent: { ...zero, with_thinking: 1, tool_calls_in_text: 2, tool_call_forms: { mistral: 1, hermes: 1 } }, user: { ...zero, cut_off: 4 } } },
    ]);
    expect(total).toEqual({
      agent: { ...zero, with_thinking: 3, tool_calls_in_text: 3, tool_call_forms: { mistral: 2, hermes: 1 } },
      user: { ...zero, cut_off: 4 },
    });
  });

  it("is undefined when no scenario noted a reply", () => {
    expect(totalReplies([{ status: "passed" }, {}])).toBeUndefined();
  });
});

describe("formatReplies", () => {
  it("says nothing without totals or with all-zero counts", () => {
    expect(formatReplies(undefined)).toEqual([]);
    expect(formatReplies({ agent: { ...zero } })).toEqual([]);
  });

  it("opens with a blank line, then one line per notable count, naming the parser of the most frequent text form", () => {
    const lines = formatReplies({
      agent: { ...zero, with_thinking: 3, only_thinking: 1, tool_calls_in_text: 3, tool_call_forms: { hermes: 1, qwen3_coder: 2 } },
      user: { ...zero, cut_off: 2, refusals: 1 },
    });
    expect(lines).toEqual([
      "",
      "agent thinking: 3 replies had thinking, 1 were only thinking (nothing spoken)",
      "the agent endpoint returned tool calls as text in 3 replies: start vLLM with --enable-auto-tool-choice --tool-call-parser qwen3_coder",
      'user: 2 replies were cut off (finish_reason "length": raise max_tokens / max_completion_tokens)',
      "user: 1 replies were refusals",
    ]);
  });
});
