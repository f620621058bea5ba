/** Numbers of an LLM config that would misbehave as timers or rates are refused at load, naming the field. */
import { describe, expect, it } from "vitest";
import { parseLlmConfig } from "../../src/llm/config.js";
import { MAX_TIMER_SECONDS } from "../../src/llm/config-numbers.js";
import { retryAfterMs } from "../../src/llm/retry.js";

const errorOf = (extra: Record<string, unknown>): string => {
  try {
    parseLlmConfig({ base_url: "http://h/v1", model: "m", ...extra }, "m.yaml");
  } catch (e) {
    return (e as Error).message;
  }
  return "accepted";
};

describe("timer and rate bounds", () => {
  it("refuses a timeout or wait past Node's 2^31-1 ms timer range, and accepts the largest that fits", () => {
    expect(MAX_TIMER_SECONDS).toBe(2_147_483);
    expect(errorOf({ timeout_seconds: 2_147_484 })).toBe("m.yaml: timeout_seconds: at most 2147483 seconds (Node's timers hold up to 2^31-1 ms) (found 2147484)");
    for (const key of ["backoff_seconds", "max_backoff_seconds", "max_retry_after_seconds"]) expect(errorOf({ [key]: 1e12 })).toContain(`m.yaml: ${key}: at most 2147483 seconds`);
    expect(errorOf({ timeout_seconds: 2_147_483 })).toBe("accepted");
  });

  it("refuses a request rate that spaces nothing or forever", () => {
    expect(errorOf({ requests_per_minute: 1e-300 })).toContain("m.yaml: requests_per_minute: at least");
    expect(errorOf({ requests_per_minute: 1e300 })).toContain("m.yaml: requests_per_minute: at most 1000000");
    expect(errorOf({ requests_per_minute: 0.5 })).toBe("accepted");
  });

  it("a negative or garbled Retry-After is no answer (the computed backoff applies), not a wait of 0", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "-5" }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "-5", date: "Wed, 21 Oct 2015 07:28:00 GMT" }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "2015", date: "Wed, 21 Oct 2015 07:28:00 GMT" }))).toBe(2_015_000);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 21 Oct 2015 07:28:30 GMT", date: "Wed, 21 Oct 2015 07:28:00 GMT" }))).toBe(30_000);
  });
});
