/** LlmEndpointError: failures that are not the model's fault. */
import { describe, expect, it } from "vitest";
import { asEndpointError, LlmEndpointError } from "../../src/llm/errors.js";

describe("LlmEndpointError", () => {
  it("prefixes the message with its kind and keeps the details and cause", () => {
    const cause = new Error("ECONNRESET");
    const e = new LlmEndpointError("network", "connection reset after 3 attempts", { url: "http://h/v1/chat/completions", attempts: 3 }, { cause });
    expect(e.message).toBe("LLM endpoint error (network): connection reset after 3 attempts");
    expect(e.name).toBe("LlmEndpointError");
    expect(e.details.attempts).toBe(3);
    expect(e.cause).toBe(cause);
  });

  it("two failures are the same when endpoint, kind and status agree", () => {
    const a = new LlmEndpointError("http", "503", { endpoint: "http://h/v1 m", status: 503, attempts: 4 });
    const b = new LlmEndpointError("http", "503 again", { endpoint: "http://h/v1 m", status: 503, attempts: 1 });
    expect(a.failureKey).toBe("http://h/v1 m http 503");
    expect(b.failureKey).toBe(a.failureKey);
    expect(new LlmEndpointError("http", "500", { endpoint: "http://h/v1 m", status: 500 }).failureKey).not.toBe(a.failureKey);
    expect(new LlmEndpointError("timeout", "t", { url: "http://u" }).failureKey).toBe("http://u timeout ");
    expect(new LlmEndpointError("missing_api_key", "k").failureKey).toBe(" missing_api_key ");
  });
});

describe("asEndpointError", () => {
  it("is the error itself for an endpoint error and undefined for anything else", () => {
    const e = new LlmEndpointError("cassette_miss", "not recorded", { key: "abc" });
    expect(asEndpointError(e)).toBe(e);
    expect(asEndpointError(new Error("bug"))).toBeUndefined();
    expect(asEndpointError("text")).toBeUndefined();
  });
});
