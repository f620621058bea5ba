/**
 * A reply as Python's `json.dumps` writes it may hold `NaN`, `Infinity` and
 * `-Infinity` (a `logprob` of `-Infinity`). It reads the same with cassettes
 * as without: stored, keyed and served again, where it used to error the
 * scenario with "Infinity is not allowed" (RFC 8785 refuses non-finite
 * numbers). Ordinary values keep their RFC 8785 keys.
 */
import canonicalize from "canonicalize";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cassetteKey, cassettePath, openCassette } from "../../src/llm/cassette.js";
import type { FetchLike } from "../../src/llm/client.js";
import { createChatClient, requestBody } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import type { JsonValue } from "../../src/json/types.js";
import { tempDir } from "../helpers/temp-data.js";

const config = parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", retries: 0 }, "test.yaml");
const request = { messages: [{ role: "user" as const, content: "Hi" }] };
// As Python's json.dumps writes a reply with logprobs (allow_nan=True is its default).
const REPLY =
  '{"choices": [{"index": 0, "message": {"role": "assistant", "content": "Hello"}, "logprobs": {"content": [{"token": "Hello", "logprob": -Infinity, "bytes": null}]}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 5, "completion_tokens": 1}, "score": NaN, "cap": Infinity}';

function countingFetch(): { fetch: FetchLike; count: () => number } {
  let n = 0;
  return { count: () => n, fetch: () => (n++, Promise.resolve({ status: 200, text: () => Promise.resolve(REPLY) })) };
}

describe("replies with NaN and Infinity", () => {
  it("read the same with cassettes (record, then replay with no call) as without", async () => {
    const plain = await createChatClient(config, { fetch: countingFetch().fetch }).complete(request);
    const dir = tempDir("evalsim-non-finite-");
    const live = countingFetch();
    const recorded = await createChatClient(config, { fetch: live.fetch, cassette: openCassette(dir, "record") }).complete(request);
    expect(recorded).toEqual(plain);
    const key = cassetteKey(requestBody(config, request));
    const text = readFileSync(cassettePath(dir, key), "utf8");
    expect(text).toContain('"logprob": -Infinity');
    expect(text).toContain('"score": NaN');
    const offline = countingFetch();
    const replayed = await createChatClient(config, { fetch: offline.fetch, cassette: openCassette(dir, "replay") }).complete(request);
    expect(offline.count()).toBe(0);
    expect(replayed).toEqual(plain);
  });

  it("key a request holding one faithfully: apart from its string or null spelling, and apart from each other", () => {
    const keys = [-Infinity, "-Infinity", Infinity, "Infinity", NaN, "NaN", null].map((x) => cassetteKey({ model: "m", extra: x }));
    expect(new Set(keys).size).toBe(keys.length);
    expect(cassetteKey({ b: [NaN], a: -Infinity })).toBe(cassetteKey({ a: -Infinity, b: [NaN] }));
  });

  it("leave the RFC 8785 key of ordinary values as it was", () => {
    const v: JsonValue = { z: [1, 2.5, "é", null, true], a: { "\u20ac": 1e21, b: -0, c: 1e-7 } };
    expect(cassetteKey(v)).toBe(createHash("sha256").update(canonicalize(v) ?? "", "utf8").digest("hex"));
  });
});
