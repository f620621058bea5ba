import { describe, expect, it } from "vitest";
import { endpointFailureFrom, endpointFailureOf } from "../../../src/engine/conversation/endpoint-failure.js";
import { LlmEndpointError } from "../../../src/llm/errors.js";

describe("endpoint failures", () => {
  it("keys an endpoint error by endpoint, kind and status; a cassette miss is one request's problem, not the endpoint's", () => {
    const down = new LlmEndpointError("http", "503 Service Unavailable", { endpoint: "http://h/v1 fake", status: 503 });
    expect(endpointFailureOf(down)).toEqual({ key: "http://h/v1 fake http 503", message: "LLM endpoint error (http): 503 Service Unavailable" });
    expect(endpointFailureOf(new LlmEndpointError("network", "refused", { url: "http://h/v1/chat/completions" }))?.key).toBe("http://h/v1/chat/completions network ");
    expect(endpointFailureOf(new LlmEndpointError("cassette_miss", "never recorded"))).toBeUndefined();
    expect(endpointFailureOf(new Error("a bug"))).toBeUndefined();
  });

  it("reads the same from a conversation's recorded error", () => {
    expect(endpointFailureFrom({ message: "gone", endpointFailure: "http://h/v1 fake timeout " })).toEqual({ key: "http://h/v1 fake timeout ", message: "gone" });
    expect(endpointFailureFrom({ message: "no entry", endpointFailure: " cassette_miss " })).toBeUndefined();
    expect(endpointFailureFrom({ message: "a tool result over the cap" })).toBeUndefined();
    expect(endpointFailureFrom(undefined)).toBeUndefined();
  });
});
