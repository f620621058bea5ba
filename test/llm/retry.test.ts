import { describe, expect, it } from "vitest";
import type { FetchLike } from "../../src/llm/client.js";
import { createChatClient } from "../../src/llm/client.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { LlmEndpointError } from "../../src/llm/errors.js";
import type { LimiterClock } from "../../src/llm/limits.js";
import { backoffMs, retryAfterMs } from "../../src/llm/retry.js";

/** A clock that moves only when something sleeps on it. */
function fakeClock(): LimiterClock & { sleeps: number[] } {
  let now = 1_000;
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: (ms) => (sleeps.push(ms), (now += ms), Promise.resolve()) };
}

const OK = JSON.stringify({ choices: [{ message: { content: "ok" } }], usage: { prompt_tokens: 1, completion_tokens: 1 } });

/** Answers with `plan` in order, noting the clock's time at each attempt. */
function plannedFetch(clock: LimiterClock, plan: { status: number; headers?: Record<string, string> }[]): { fetch: FetchLike; at: number[] } {
  const at: number[] = [];
  const fetch: FetchLike = () => {
    at.push(clock.now());
    const step = plan[at.length - 1] ?? { status: 200 };
    return Promise.resolve({ status: step.status, headers: new Headers(step.headers ?? {}), text: () => Promise.resolve(step.status === 200 ? OK : "busy") });
  };
  return { fetch, at };
}

const config = (extra: Record<string, unknown> = {}) => parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", retries: 3, backoff_seconds: 1, ...extra }, "t.yaml");
const request = { messages: [{ role: "user" as const, content: "Hi" }] };

describe("Retry-After", () => {
  it("parses seconds, milliseconds and HTTP dates (against the response's Date header)", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "7" }))).toBe(7000);
    expect(retryAfterMs(new Headers({ "retry-after": "1.5" }))).toBe(1500);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 21 Oct 2015 07:28:30 GMT", date: "Wed, 21 Oct 2015 07:28:00 GMT" }))).toBe(30_000);
    // A date in the past means "now"; a date without the server's clock cannot be measured.
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 21 Oct 2015 07:27:00 GMT", date: "Wed, 21 Oct 2015 07:28:00 GMT" }))).toBe(0);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 21 Oct 2015 07:28:30 GMT" }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMs(new Headers({}))).toBeUndefined();
  });

  it("a 429 with Retry-After waits at least that long before the next attempt (measured on the injected clock)", async () => {
    const clock = fakeClock();
    const f = plannedFetch(clock, [{ status: 429, headers: { "retry-after": "12" } }, { status: 503, headers: { "retry-after-ms": "2500" } }, { status: 200 }]);
    const reply = await createChatClient(config(), { fetch: f.fetch, clock, random: () => 0 }).complete(request);
    expect(reply.content).toBe("ok");
    expect(f.at).toHaveLength(3);
    expect((f.at[1] ?? 0) - (f.at[0] ?? 0)).toBeGreaterThanOrEqual(12_000);
    expect((f.at[2] ?? 0) - (f.at[1] ?? 0)).toBeGreaterThanOrEqual(2_500);
    // Far more than the backoff alone would have waited (500 ms, then 1 s with this jitter).
    expect(clock.sleeps).toEqual([12_000, 2_500]);
  });

  it("an HTTP-date Retry-After is honoured relative to the server's Date", async () => {
    const clock = fakeClock();
    const headers = { "retry-after": "Wed, 21 Oct 2015 07:28:45 GMT", date: "Wed, 21 Oct 2015 07:28:00 GMT" };
    const f = plannedFetch(clock, [{ status: 429, headers }, { status: 200 }]);
    await createChatClient(config(), { fetch: f.fetch, clock }).complete(request);
    expect((f.at[1] ?? 0) - (f.at[0] ?? 0)).toBeGreaterThanOrEqual(45_000);
  });

  it("Retry-After on other statuses is not obeyed; without one the wait is the jittered backoff", async () => {
    const clock = fakeClock();
    const f = plannedFetch(clock, [{ status: 500, headers: { "retry-after": "60" } }, { status: 429 }, { status: 200 }]);
    await createChatClient(config(), { fetch: f.fetch, clock, random: () => 0.5 }).complete(request);
    // Nominal 1000 then 2000 ms, three quarters of each with the middle draw.
    expect(clock.sleeps).toEqual([750, 1500]);
  });

  it("gives up at once, saying why, when the endpoint asks for a longer wait than max_retry_after_seconds", async () => {
    const clock = fakeClock();
    const f = plannedFetch(clock, [{ status: 429, headers: { "retry-after": "3600" } }]);
    const e = await createChatClient(config({ max_retry_after_seconds: 60 }), { fetch: f.fetch, clock })
      .complete(request)
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmEndpointError);
    expect((e as LlmEndpointError).message).toContain("asked to wait 3600 s, more than max_retry_after_seconds 60");
    expect(clock.sleeps).toEqual([]);
    expect(f.at).toHaveLength(1);
  });
});

describe("backoff", () => {
  it("doubles from backoff_seconds, caps at max_backoff_seconds, and keeps half of each wait fixed", () => {
    const s = { backoffSeconds: 1, maxBackoffSeconds: 5 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, s, () => 0))).toEqual([500, 1000, 2000, 2500, 2500]);
    expect([1, 2, 3, 4].map((n) => backoffMs(n, s, () => 0.999999))).toEqual([1000, 2000, 4000, 5000]);
  });
});
