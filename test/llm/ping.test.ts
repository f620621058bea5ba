import { describe, expect, it } from "vitest";
import type { FetchLike } from "../../src/llm/client.js";
import type { LlmConfig } from "../../src/llm/config.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import type { LimiterClock } from "../../src/llm/limit-types.js";
import { pingEndpoint } from "../../src/llm/ping.js";

const config: LlmConfig = parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", retries: 3 }, "test.yaml");

/** A clock that advances 1234.4 ms between readings, so the latency is known. */
function steppingClock(): LimiterClock {
  let t = 1000;
  return { now: () => (t += 1234.4) - 1234.4, sleep: () => Promise.resolve() };
}

function answering(message: unknown, calls: unknown[] = []): FetchLike {
  return (_url, init) => {
    calls.push(JSON.parse(init.body) as unknown);
    const text = JSON.stringify({ choices: [{ index: 0, message }], usage: { prompt_tokens: 11, completion_tokens: 2 } });
    return Promise.resolve({ status: 200, text: () => Promise.resolve(text) });
  };
}

const toolCall = (name: string): unknown => ({ id: "c1", type: "function", function: { name, arguments: '{"status":"ok"}' } });

describe("pingEndpoint", () => {
  it("offers the one status tool and reports a tool call with its latency and usage", async () => {
    const calls: unknown[] = [];
    const r = await pingEndpoint(config, { fetch: answering({ role: "assistant", content: null, tool_calls: [toolCall("report_status")] }, calls), clock: steppingClock() });
    expect(r).toEqual({ latencyMs: 1234, toolCalling: true, usage: { prompt: 11, completion: 2 } });
    expect(calls).toHaveLength(1);
    const body = calls[0] as { tools: { function: { name: string } }[]; messages: { role: string }[] };
    expect(body.tools.map((t) => t.function.name)).toEqual(["report_status"]);
    expect(body.messages.map((m) => m.role)).toEqual(["system", "user"]);
  });

  it("says which other tool the model called", async () => {
    const r = await pingEndpoint(config, { fetch: answering({ role: "assistant", content: null, tool_calls: [toolCall("other"), toolCall("x")] }), clock: steppingClock() });
    expect(r).toMatchObject({ toolCalling: false, instead: "called other, x" });
  });

  it("recognises a tool call written as text and names the vLLM parser to turn on", async () => {
    const content = '<tool_call>\n{"name": "report_status", "arguments": {"status": "ok"}}\n</tool_call>';
    const r = await pingEndpoint(config, { fetch: answering({ role: "assistant", content }), clock: steppingClock() });
    expect(r).toMatchObject({
      toolCalling: false,
      toolCallsInText: "hermes",
      instead:
        "wrote the tool call as text (hermes form) instead of calling it: the server's tool-call parser is off or wrong; start vLLM with --enable-auto-tool-choice --tool-call-parser hermes",
    });
  });

  it("quotes the first 80 characters of a text answer", async () => {
    const content = "I am fine, thank you! ".repeat(10);
    const r = await pingEndpoint(config, { fetch: answering({ role: "assistant", content }), clock: steppingClock() });
    expect(r.instead).toBe(`answered in text: ${JSON.stringify(content.slice(0, 80))}`);
    expect(r.toolCalling).toBe(false);
  });

  it("does not retry a failing endpoint", async () => {
    let n = 0;
    const fetch: FetchLike = () => {
      n++;
      return Promise.resolve({ status: 503, text: () => Promise.resolve("busy") });
    };
    await expect(pingEndpoint(config, { fetch, clock: steppingClock() })).rejects.toThrow(/503/);
    expect(n).toBe(1);
  });
});
