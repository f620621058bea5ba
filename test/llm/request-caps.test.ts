/**
 * The caps on what a conversation sends: one request's size, and one side's
 * total in a scenario. Both refuse before anything is sent or recorded.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openCassette } from "../../src/llm/cassette.js";
import type { FetchLike } from "../../src/llm/client.js";
import { createChatClient } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { LlmEndpointError } from "../../src/llm/errors.js";
import type { RequestVolume } from "../../src/llm/request-caps.js";
import { chargeRequest, MAX_REQUEST_BYTES, MAX_SCENARIO_REQUEST_BYTES } from "../../src/llm/request-caps.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-request-caps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const details = { endpoint: "http://x/v1 m" };

describe("chargeRequest", () => {
  it("lets a request at the cap through and counts it; one byte more is request_too_large", () => {
    const volume: RequestVolume = { bytes: 0 };
    chargeRequest(100, volume, { request: 100, scenario: 1000 }, details);
    expect(volume.bytes).toBe(100);
    let err: unknown;
    try {
      chargeRequest(101, volume, { request: 100, scenario: 1000 }, details);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LlmEndpointError);
    expect((err as LlmEndpointError).kind).toBe("request_too_large");
    expect((err as LlmEndpointError).message).toBe("LLM endpoint error (request_too_large): the request is 101 bytes, over the cap of 100 bytes for one model request (the conversation's context grew past it)");
    expect(volume.bytes).toBe(100);
  });

  it("refuses the request that would take a side's scenario total past its cap, and leaves the total as it was", () => {
    const volume: RequestVolume = { bytes: 0 };
    const caps = { request: 100, scenario: 250 };
    chargeRequest(100, volume, caps, details);
    chargeRequest(100, volume, caps, details);
    expect(() => chargeRequest(51, volume, caps, details)).toThrow(
      "LLM endpoint error (request_budget): this request of 51 bytes would bring this side's requests in the scenario to 251 bytes, over the cap of 250 bytes per scenario",
    );
    expect(volume.bytes).toBe(200);
    chargeRequest(50, volume, caps, details);
    expect(volume.bytes).toBe(250);
  });

  it("without a volume only the per-request cap applies", () => {
    expect(() => chargeRequest(MAX_REQUEST_BYTES, undefined, { request: MAX_REQUEST_BYTES, scenario: 1 }, details)).not.toThrow();
  });

  it("has defaults far above the suites' largest request and a scenario total of many full requests", () => {
    expect(MAX_REQUEST_BYTES).toBe(16_000_000);
    expect(MAX_SCENARIO_REQUEST_BYTES).toBe(256_000_000);
  });
});

describe("the client applies the caps before the network and the cassette", () => {
  const config = parseLlmConfig({ base_url: "http://127.0.0.1:9/v1", model: "m", retries: 0 }, "test.yaml");
  const reply = JSON.stringify({ choices: [{ message: { role: "assistant", content: "ok" }, finish_reason: "stop" }] });
  const counting = (): { fetch: FetchLike; calls: () => number } => {
    let calls = 0;
    const fetch: FetchLike = () => {
      calls++;
      return Promise.resolve({ status: 200, headers: new Headers(), body: null, text: () => Promise.resolve(reply) });
    };
    return { fetch, calls: () => calls };
  };

  it("a request over the cap is never sent nor recorded", async () => {
    const f = counting();
    const cassetteDir = join(dir, "one");
    const client = createChatClient(config, { fetch: f.fetch, cassette: openCassette(cassetteDir, "record"), requestCaps: { request: 2_000, scenario: 1_000_000 } });
    await expect(client.complete({ messages: [{ role: "user", content: "x".repeat(1_000) }] })).resolves.toMatchObject({ content: "ok" });
    expect(f.calls()).toBe(1);
    await expect(client.complete({ messages: [{ role: "user", content: "x".repeat(2_500) }] })).rejects.toMatchObject({ kind: "request_too_large" });
    expect(f.calls()).toBe(1);
    expect(readdirSync(cassetteDir, { recursive: true }).filter((p) => String(p).endsWith(".json"))).toHaveLength(1);
  });

  it("a side's requests stop at the scenario total: the refused one is not sent", async () => {
    const f = counting();
    const client = createChatClient(config, { fetch: f.fetch, requestCaps: { request: 10_000, scenario: 3_500 } });
    const volume: RequestVolume = { bytes: 0 };
    const ask = (): Promise<unknown> => client.complete({ messages: [{ role: "user", content: "y".repeat(1_500) }], volume });
    await ask();
    await ask();
    expect(f.calls()).toBe(2);
    expect(volume.bytes).toBeGreaterThan(3_000);
    await expect(ask()).rejects.toMatchObject({ kind: "request_budget" });
    expect(f.calls()).toBe(2);
  });
});
