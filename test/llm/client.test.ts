import { describe, expect, it } from "vitest";
import type { FetchLike } from "../../src/llm/client.js";
import { createChatClient, requestBody } from "../../src/llm/client.js";
import type { LlmConfig } from "../../src/llm/config.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { LlmEndpointError } from "../../src/llm/errors.js";

const config = (extra: Record<string, unknown> = {}): LlmConfig => parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", retries: 2, backoff_seconds: 0.5, ...extra }, "test.yaml");

const ok = (message: unknown, usage: unknown = { prompt_tokens: 7, completion_tokens: 3 }): string => JSON.stringify({ choices: [{ index: 0, message }], usage });

type Planned = { status: number; text: string } | "network" | "hang";

/** A fetch that plays `plan` in order and records what it was sent. */
function fakeFetch(plan: Planned[]): { fetch: FetchLike; calls: { url: string; headers: Record<string, string>; body: unknown }[] } {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, headers: init.headers, body: JSON.parse(init.body) as unknown });
    const step = plan[calls.length - 1] ?? "network";
    if (step === "network") return Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") }));
    if (step === "hang")
      return new Promise((_resolve, reject) => init.signal.addEventListener("abort", () => reject(new DOMException("This operation was aborted", "AbortError"))));
    return Promise.resolve({ status: step.status, text: () => Promise.resolve(step.text) });
  };
  return { fetch, calls };
}

function recordSleeps(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: (ms) => (waits.push(ms), Promise.resolve()) };
}

async function failure(p: Promise<unknown>): Promise<LlmEndpointError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof LlmEndpointError) return e;
    throw e;
  }
  throw new Error("expected an LlmEndpointError");
}

const request = { messages: [{ role: "user" as const, content: "Hi" }] };

describe("chat client", () => {
  it("posts the body to {base_url}/chat/completions and returns content, tool calls and usage", async () => {
    const f = fakeFetch([{ status: 200, text: ok({ role: "assistant", content: "Hello", tool_calls: [{ id: "c1", type: "function", function: { name: "T", arguments: '{"a": 1}' } }] }) }]);
    const client = createChatClient(config({ temperature: 0, seed: 9, max_tokens: 50 }), { fetch: f.fetch });
    const reply = await client.complete({ ...request, tools: [{ type: "function", function: { name: "T" } }] });
    expect(reply).toEqual({ content: "Hello", toolCalls: [{ id: "c1", type: "function", function: { name: "T", arguments: '{"a": 1}' } }], usage: { prompt: 7, completion: 3 } });
    expect(f.calls[0]?.url).toBe("http://llm.test/v1/chat/completions");
    expect(f.calls[0]?.body).toEqual({ model: "m", messages: [{ role: "user", content: "Hi" }], tools: [{ type: "function", function: { name: "T" } }], temperature: 0, seed: 9, max_tokens: 50 });
    expect(f.calls[0]?.headers["authorization"]).toBeUndefined();
  });

  it("leaves out tools when there are none and unset sampling settings", () => {
    expect(requestBody(config(), { ...request, tools: [] })).toEqual({ model: "m", messages: [{ role: "user", content: "Hi" }] });
  });

  it("sends the key from api_key_env as a bearer token, and fails clearly when it is unset", async () => {
    const f = fakeFetch([{ status: 200, text: ok({ content: "x" }) }]);
    await createChatClient(config({ api_key_env: "TEST_KEY" }), { fetch: f.fetch, env: { TEST_KEY: "sk-1" } }).complete(request);
    expect(f.calls[0]?.headers["authorization"]).toBe("Bearer sk-1");
    const e = await failure(createChatClient(config({ api_key_env: "TEST_KEY" }), { fetch: f.fetch, env: {} }).complete(request));
    expect(e.kind).toBe("missing_api_key");
    expect(f.calls).toHaveLength(1);
  });

  it("retries 5xx with exponential backoff and jitter from the given random source, then succeeds", async () => {
    const f = fakeFetch([{ status: 500, text: "boom" }, { status: 503, text: "busy" }, { status: 200, text: ok({ content: "fine" }) }]);
    const s = recordSleeps();
    const draws = [0, 1];
    const reply = await createChatClient(config(), { fetch: f.fetch, sleep: s.sleep, random: () => draws.shift() ?? 0 }).complete(request);
    expect(reply.content).toBe("fine");
    expect(f.calls).toHaveLength(3);
    // Nominal 500 then 1000 ms; equal jitter keeps half and draws the rest: 250 + 0·250, 500 + 1·500.
    expect(s.waits).toEqual([250, 1000]);
  });

  it("gives up after the last retry with the cause in the message", async () => {
    const f = fakeFetch([{ status: 500, text: "boom" }, { status: 500, text: "boom" }, { status: 502, text: "bad gateway" }]);
    const s = recordSleeps();
    const e = await failure(createChatClient(config(), { fetch: f.fetch, sleep: s.sleep, random: () => 1 }).complete(request));
    expect(e.kind).toBe("http");
    expect(e.details).toEqual({ url: "http://llm.test/v1/chat/completions", endpoint: "http://llm.test/v1 (m)", attempts: 3, status: 502 });
    expect(e.message).toBe("LLM endpoint error (http): http://llm.test/v1/chat/completions: HTTP 502: bad gateway (gave up after 3 attempts)");
    expect(e.failureKey).toBe("http://llm.test/v1 (m) http 502");
    expect(s.waits).toEqual([500, 1000]);
  });

  it("does not retry a 4xx other than 408/429", async () => {
    const f = fakeFetch([{ status: 400, text: '{"error": "bad request"}' }]);
    const e = await failure(createChatClient(config(), { fetch: f.fetch, sleep: recordSleeps().sleep }).complete(request));
    expect(e.kind).toBe("http");
    expect(e.details.status).toBe(400);
    expect(f.calls).toHaveLength(1);
  });

  it("retries 429 and network errors", async () => {
    const f = fakeFetch([{ status: 429, text: "slow down" }, "network", { status: 200, text: ok({ content: "ok" }) }]);
    expect((await createChatClient(config(), { fetch: f.fetch, sleep: recordSleeps().sleep }).complete(request)).content).toBe("ok");
    const g = fakeFetch(["network", "network", "network"]);
    const e = await failure(createChatClient(config(), { fetch: g.fetch, sleep: recordSleeps().sleep }).complete(request));
    expect(e.kind).toBe("network");
    expect(e.message).toContain("fetch failed: connect ECONNREFUSED");
  });

  it("times out an attempt that never answers, and retries it", async () => {
    const f = fakeFetch(["hang", { status: 200, text: ok({ content: "late but fine" }) }]);
    const reply = await createChatClient(config({ timeout_seconds: 0.05 }), { fetch: f.fetch, sleep: recordSleeps().sleep }).complete(request);
    expect(reply.content).toBe("late but fine");
    const g = fakeFetch(["hang"]);
    const e = await failure(createChatClient(config({ timeout_seconds: 0.05, retries: 0 }), { fetch: g.fetch }).complete(request));
    expect(e.kind).toBe("timeout");
    expect(e.message).toContain("no complete answer within 0.05 s");
  });

  it("throws bad_response for non-JSON bodies and bodies without choices, without retrying", async () => {
    const f = fakeFetch([{ status: 200, text: "<html>proxy error</html>" }]);
    const e = await failure(createChatClient(config(), { fetch: f.fetch }).complete(request));
    expect(e.kind).toBe("bad_response");
    expect(e.message).toContain("<html>proxy error</html>");
    expect(f.calls).toHaveLength(1);
    const g = fakeFetch([{ status: 200, text: JSON.stringify({ choices: [] }) }]);
    const e2 = await failure(createChatClient(config(), { fetch: g.fetch }).complete(request));
    expect(e2.kind).toBe("bad_response");
    expect(e2.message).toContain("not a chat completion: choices");
  });

  it("accepts a missing usage, null content, missing call ids and object arguments", async () => {
    const f = fakeFetch([{ status: 200, text: JSON.stringify({ choices: [{ message: { content: null, tool_calls: [{ function: { name: "T", arguments: { a: 1 } } }] } }] }) }]);
    const reply = await createChatClient(config(), { fetch: f.fetch }).complete(request);
    // Unreported tokens are unknown, not zero.
    expect(reply).toEqual({ content: null, toolCalls: [{ id: "", type: "function", function: { name: "T", arguments: '{"a":1}' } }], usage: { prompt: null, completion: null } });
  });
});
