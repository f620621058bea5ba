import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { FetchLike } from "../../src/llm/client.js";
import { createChatClient } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { LlmEndpointError } from "../../src/llm/errors.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { createLlmParts } from "../../src/run/bots/llm.js";
import { runScenario } from "../../src/run/scenario/trial.js";
import type { MockServer } from "./mock-openai.js";
import { completion, startMockServer } from "./mock-openai.js";

const request = { messages: [{ role: "user" as const, content: "Hi" }] };
const MB = 1_000_000;

/** A streamed body of `total` bytes in 64 KB chunks, with no Content-Length; counts what was pulled. */
function streamingFetch(total: number): { fetch: FetchLike; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(65_536).fill(0x61);
  const fetch: FetchLike = () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return Promise.resolve({ status: 200, headers: new Headers(), body, text: () => Promise.reject(new Error("text() must not be used when a body stream exists")) });
  };
  return { fetch, pulled: () => pulled };
}

async function failureOf(p: Promise<unknown>): Promise<LlmEndpointError> {
  const e = await p.catch((x: unknown) => x);
  if (e instanceof LlmEndpointError) return e;
  throw new Error(`expected an LlmEndpointError, got ${String(e)}`);
}

describe("reply size cap", () => {
  it("stops reading a streamed reply past max_reply_bytes and fails without retrying", async () => {
    const f = streamingFetch(20 * MB);
    const e = await failureOf(createChatClient(parseLlmConfig({ base_url: "http://llm.test/v1", model: "m" }, "t.yaml"), { fetch: f.fetch }).complete(request));
    expect(e.kind).toBe("reply_too_large");
    expect(e.message).toContain("larger than max_reply_bytes (1000000)");
    // It stopped just past the cap rather than downloading 20 MB.
    expect(f.pulled()).toBeLessThan(1.2 * MB);
  });

  it("refuses a declared Content-Length above the cap before reading; the cap is configurable", async () => {
    let read = false;
    const fetch: FetchLike = () => Promise.resolve({ status: 200, headers: new Headers({ "content-length": String(5 * MB) }), text: () => ((read = true), Promise.resolve("{}")) });
    const e = await failureOf(createChatClient(parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", max_reply_bytes: 4 * MB }, "t.yaml"), { fetch }).complete(request));
    expect(e.kind).toBe("reply_too_large");
    expect(read).toBe(false);
  });

  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("a 20 MB model reply errors the scenario with a short message; nothing of it is kept", async () => {
    const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
    if (!evaDomain) throw new Error("eva_airline is not registered");
    const [entry] = selectScenarios(loadCatalog(registry, {}, [evaDomain]), { scenarios: ["eva_airline__voluntary_date_change"] });
    if (!entry) throw new Error("scenario missing");
    const huge = "x".repeat(20 * MB);
    server = await startMockServer(() => completion({ content: huge }));
    const config = parseLlmConfig({ base_url: server.url, model: "mock-model", retries: 0, timeout_seconds: 20 }, "m.yaml");
    const bots = botFactory({ agent: "llm", user: "llm", llm: createLlmParts({ agent: config, user: config }).maker });
    const out = await runScenario(entry, 1, bots, { seed: 0, minAgentTurns: 0 });
    expect(out.status).toBe("errored");
    const error = out.metrics["error"] as { side: string; message: string };
    expect(error.side).toBe("agent");
    expect(error.message).toContain("LLM endpoint error (reply_too_large)");
    expect(JSON.stringify(out.metrics).length).toBeLessThan(10_000);
    expect(JSON.stringify(out.transcript).length).toBeLessThan(10_000);
    expect(server.requests).toHaveLength(1);
  });
});
