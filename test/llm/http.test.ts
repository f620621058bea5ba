import { describe, expect, it } from "vitest";
import type { FetchLike, FetchResponseLike } from "../../src/llm/http.js";
import { attemptOnce } from "../../src/llm/http.js";

const enc = new TextEncoder();
const settings = { timeoutMs: 5_000, maxReplyBytes: 16, secrets: ["topsecretvalue"] };

function headers(h: Record<string, string>): { get(name: string): string | null } {
  return { get: (name) => h[name.toLowerCase()] ?? null };
}

function reply(status: number, text: string, extra: Partial<FetchResponseLike> = {}): FetchLike {
  return () => Promise.resolve({ status, text: () => Promise.resolve(text), ...extra });
}

function streamOf(parts: string[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(enc.encode(parts[i++]));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe("attemptOnce", () => {
  it("POSTs the request bytes as one UTF-8 body and returns a 2xx reply's text", async () => {
    let seen: { method: string; body: string; headers: Record<string, string> } | undefined;
    const fetchImpl: FetchLike = (_url, init) => {
      seen = { method: init.method, body: init.body, headers: init.headers };
      return Promise.resolve({ status: 200, text: () => Promise.resolve("{\"ok\":1}") });
    };
    const r = await attemptOnce("http://x/v1", { a: "b" }, [enc.encode("{\"é\":"), enc.encode("1}")], settings, fetchImpl);
    expect(r).toEqual({ ok: true, status: 200, text: "{\"ok\":1}" });
    expect(seen).toEqual({ method: "POST", body: "{\"é\":1}", headers: { a: "b" } });
  });

  it("classifies HTTP statuses: 5xx, 429 and 408 retried, other 4xx not", async () => {
    const cases: Array<[number, boolean]> = [[500, true], [503, true], [429, true], [408, true], [400, false], [404, false], [401, false]];
    for (const [status, retry] of cases) {
      const r = await attemptOnce("u", {}, [], settings, reply(status, "bad thing"));
      expect(r).toMatchObject({ ok: false, failure: { kind: "http", status, retry, message: `HTTP ${status}: bad thing` } });
    }
  });

  it("redacts the configured key from an error body", async () => {
    const r = await attemptOnce("u", {}, [], { ...settings, maxReplyBytes: 100 }, reply(400, "key topsecretvalue refused"));
    expect(r).toMatchObject({ ok: false, failure: { message: "HTTP 400: key [REDACTED] refused" } });
  });

  it("refuses a reply whose declared length exceeds max_reply_bytes, without retry", async () => {
    const s = streamOf(["never read"]);
    const r = await attemptOnce("u", {}, [], settings, reply(200, "", { headers: headers({ "content-length": "17" }), body: s.stream }));
    expect(r).toEqual({ ok: false, failure: { kind: "reply_too_large", retry: false, message: "the reply is larger than max_reply_bytes (16): declared 17 bytes" } });
    expect(s.cancelled()).toBe(true);
  });

  it("counts UTF-8 bytes, not characters, of a reply without a stream", async () => {
    // 8 × "é" = 16 bytes: at the cap; 9 = 18 bytes: over it.
    expect(await attemptOnce("u", {}, [], settings, reply(200, "é".repeat(8)))).toEqual({ ok: true, status: 200, text: "é".repeat(8) });
    expect(await attemptOnce("u", {}, [], settings, reply(200, "é".repeat(9)))).toMatchObject({
      ok: false,
      failure: { kind: "reply_too_large", message: "the reply is larger than max_reply_bytes (16): 18 bytes" },
    });
  });

  it("reads a streamed reply whole under the cap and cancels it past the cap", async () => {
    const ok = streamOf(["0123456789", "abcdef"]);
    expect(await attemptOnce("u", {}, [], settings, reply(200, "", { body: ok.stream }))).toEqual({ ok: true, status: 200, text: "0123456789abcdef" });
    const big = streamOf(["0123456789", "abcdefg", "more"]);
    const r = await attemptOnce("u", {}, [], settings, reply(200, "", { body: big.stream }));
    expect(r).toMatchObject({ ok: false, failure: { kind: "reply_too_large", message: "the reply is larger than max_reply_bytes (16): more than 16 bytes" } });
    expect(big.cancelled()).toBe(true);
  });

  it("reports a transport error as a retried network failure with its cause", async () => {
    const fetchImpl: FetchLike = () => Promise.reject(new Error("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") }));
    const r = await attemptOnce("u", {}, [], settings, fetchImpl);
    expect(r).toEqual({ ok: false, failure: { kind: "network", retry: true, message: "fetch failed: connect ECONNREFUSED 127.0.0.1:1" } });
  });

  it("aborts at the timeout and reports it as a retried timeout", async () => {
    const fetchImpl: FetchLike = (_u, init) =>
      new Promise((_resolve, reject) => {
        init.signal.addEventListener("abort", () => reject(new Error("aborted")));
      });
    const r = await attemptOnce("u", {}, [], { ...settings, timeoutMs: 20 }, fetchImpl);
    expect(r).toMatchObject({ ok: false, failure: { kind: "timeout", retry: true, message: "no complete answer within 0.02 s" } });
  });
});
