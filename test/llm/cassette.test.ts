import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cassetteKey, cassettePath, openCassette } from "../../src/llm/cassette.js";
import type { FetchLike } from "../../src/llm/client.js";
import { createChatClient, requestBody } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { LlmEndpointError } from "../../src/llm/errors.js";

// Expected key computed with python3: for this body (integers, a short float, non-ASCII
// text, no escapes needed) RFC 8785 equals json.dumps(sort_keys=True, separators=(",", ":"),
// ensure_ascii=False); its SHA-256 is:
const BODY = {
  model: "m",
  messages: [
    { role: "system", content: "Zoë says hi" },
    { role: "user", content: "Hello" },
  ],
  temperature: 0.5,
  seed: 7,
  tools: [{ type: "function", function: { name: "T", parameters: { type: "object", properties: {} } } }],
};
const BODY_KEY = "8d76ccfc65f888f365f6a434d153d29274be7af525e7e288515f60a2954dbf41";

const config = parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", retries: 0 }, "test.yaml");
const request = { messages: [{ role: "user" as const, content: "Hi" }] };
const answer = JSON.stringify({ choices: [{ message: { content: "recorded answer" } }], usage: { prompt_tokens: 5, completion_tokens: 2 } });

function countingFetch(text = answer): { fetch: FetchLike; count: () => number } {
  let n = 0;
  return { count: () => n, fetch: () => (n++, Promise.resolve({ status: 200, text: () => Promise.resolve(text) })) };
}

const freshDir = (): string => mkdtempSync(join(tmpdir(), "evalsim-cassette-"));

describe("cassette", () => {
  it("keys a body by the SHA-256 of its RFC 8785 form, whatever its key order", () => {
    expect(cassetteKey(BODY)).toBe(BODY_KEY);
    const reordered = { tools: BODY.tools, seed: 7, temperature: 0.5, messages: BODY.messages, model: "m" };
    expect(cassetteKey(reordered)).toBe(BODY_KEY);
    expect(cassettePath("/c", BODY_KEY)).toBe(`/c/8d/${BODY_KEY}.json`);
  });

  it("record stores each exchange in <dir>/<2 hex>/<key>.json; replay serves it with no call", async () => {
    const dir = freshDir();
    const live = countingFetch();
    const recorded = await createChatClient(config, { fetch: live.fetch, cassette: openCassette(dir, "record") }).complete(request);
    expect(live.count()).toBe(1);
    const key = cassetteKey(requestBody(config, request));
    const entry = JSON.parse(readFileSync(cassettePath(dir, key), "utf8")) as Record<string, unknown>;
    expect(entry["key"]).toBe(key);
    expect(entry["request"]).toEqual({ model: "m", messages: [{ role: "user", content: "Hi" }] });
    expect(entry["response"]).toEqual(JSON.parse(answer));

    const offline = countingFetch();
    const replayed = await createChatClient(config, { fetch: offline.fetch, cassette: openCassette(dir, "replay") }).complete(request);
    expect(replayed).toEqual(recorded);
    expect(offline.count()).toBe(0);
  });

  it("replay of an unrecorded request is a cassette_miss error, never a live call", async () => {
    const offline = countingFetch();
    const client = createChatClient(config, { fetch: offline.fetch, cassette: openCassette(freshDir(), "replay") });
    const e = await client.complete(request).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmEndpointError);
    expect((e as LlmEndpointError).kind).toBe("cassette_miss");
    expect(offline.count()).toBe(0);
  });

  it("auto replays what exists and records what does not", async () => {
    const dir = freshDir();
    const live = countingFetch();
    const client = createChatClient(config, { fetch: live.fetch, cassette: openCassette(dir, "auto") });
    await client.complete(request);
    await client.complete(request);
    expect(live.count()).toBe(1);
    await client.complete({ messages: [{ role: "user", content: "Another" }] });
    expect(live.count()).toBe(2);
  });

  it("record calls the endpoint even when an entry exists", async () => {
    const dir = freshDir();
    const live = countingFetch();
    const client = createChatClient(config, { fetch: live.fetch, cassette: openCassette(dir, "record") });
    await client.complete(request);
    await client.complete(request);
    expect(live.count()).toBe(2);
  });

  it("never stores a response that is not a chat completion", async () => {
    const dir = freshDir();
    const bad = countingFetch(JSON.stringify({ error: "nope" }));
    const e = await createChatClient(config, { fetch: bad.fetch, cassette: openCassette(dir, "auto") })
      .complete(request)
      .catch((x: unknown) => x);
    expect((e as LlmEndpointError).kind).toBe("bad_response");
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
