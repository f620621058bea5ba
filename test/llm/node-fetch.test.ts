import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFetch } from "../../src/llm/node-fetch.js";
import { ReplyTooLarge } from "../../src/llm/reply-too-large.js";

let server: Server;
let base = "";
const seen: { method?: string; url?: string; body: string; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      seen.push({ body, headers: req.headers, ...(req.method ? { method: req.method } : {}), ...(req.url ? { url: req.url } : {}) });
      if (req.url === "/busy") {
        res.writeHead(429, { "retry-after": "7", "x-two": ["a", "b"] });
        res.end("slow down");
      } else if (req.url === "/stall") {
        res.writeHead(200);
        res.write("{");
      } else if (req.url === "/hang") {
        // never answers
      } else if (req.url === "/big") {
        res.writeHead(200);
        res.end("x".repeat(5000));
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(`{"echo": ${JSON.stringify(body)}}`);
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const post = (path: string, body: string, signal = new AbortController().signal, max = 1_000_000) =>
  nodeFetch(max)(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body, signal });

describe("nodeFetch, the client's transport", () => {
  it("posts the body as UTF-8 with its byte length and the headers given, and reads the reply", async () => {
    const res = await post("/v1/chat/completions", '{"q": "héllo ✓"}');
    expect(res.status).toBe(200);
    expect(res.headers?.get("Content-Type")).toBe("application/json");
    expect(await res.text()).toBe('{"echo": "{\\"q\\": \\"héllo ✓\\"}"}');
    const last = seen[seen.length - 1];
    expect(last?.method).toBe("POST");
    expect(last?.headers["content-length"]).toBe(String(Buffer.byteLength('{"q": "héllo ✓"}')));
    expect(last?.headers["content-type"]).toBe("application/json");
  });

  it("keeps the URL's path and query, whichever URL of a run comes first", async () => {
    for (const path of ["/v1/chat/completions?api-version=2024-06-01", "/other/path", "/v1/chat/completions?api-version=2024-06-01"]) {
      await (await post(path, "{}")).text();
      expect(seen[seen.length - 1]?.url).toBe(path);
    }
  });

  it("sends the UTF-8 chunks it is given, never asking for the text", async () => {
    const chunks = [Buffer.from('{"a": "é'), Buffer.from('✓"}')];
    const init = {
      method: "POST",
      headers: {},
      bytes: chunks,
      get body(): string {
        throw new Error("the text was asked for");
      },
      signal: new AbortController().signal,
    };
    const res = await nodeFetch(1000)(`${base}/v1`, init);
    expect(await res.text()).toBe('{"echo": "{\\"a\\": \\"é✓\\"}"}');
    expect(seen[seen.length - 1]?.headers["content-length"]).toBe(String(Buffer.concat(chunks).length));
  });

  it("gives the status and headers of a refusal, repeated headers joined, a missing one as null", async () => {
    const res = await post("/busy", "{}");
    expect(res.status).toBe(429);
    expect(res.headers?.get("retry-after")).toBe("7");
    expect(res.headers?.get("x-two")).toBe("a, b");
    expect(res.headers?.get("retry-after-ms")).toBeNull();
    expect(await res.text()).toBe("slow down");
  });

  it("stops reading past the size cap with ReplyTooLarge", async () => {
    const res = await post("/big", "{}", undefined, 1000);
    await expect(res.text()).rejects.toBeInstanceOf(ReplyTooLarge);
  });

  it("gives up a reply that stalls when the signal aborts", async () => {
    const controller = new AbortController();
    const res = await post("/stall", "{}", controller.signal);
    const text = res.text();
    controller.abort();
    await expect(text).rejects.toThrow();
  });

  it("refuses to send when the signal has aborted already", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(post("/hang", "{}", controller.signal)).rejects.toThrow("This operation was aborted");
  });

  it("gives up a reply that stalls when the callback it registered is called, never reading the signal", async () => {
    let abort: (() => void) | undefined;
    const init = {
      method: "POST",
      headers: {},
      body: "{}",
      get signal(): AbortSignal {
        throw new Error("the signal was read");
      },
      onAbort: (f: () => void) => void (abort = f),
    };
    const res = await nodeFetch(1_000_000)(`${base}/stall`, init);
    const text = res.text();
    expect(abort).toBeTypeOf("function");
    abort?.();
    await expect(text).rejects.toThrow();
  });

  it("aborts a request still waiting for its reply's head", async () => {
    let abort: (() => void) | undefined;
    const pending = nodeFetch(1_000_000)(`${base}/hang`, { method: "POST", headers: {}, body: "{}", signal: new AbortController().signal, onAbort: (f) => void (abort = f) });
    await new Promise((ok) => setTimeout(ok, 50));
    abort?.();
    await expect(pending).rejects.toThrow("This operation was aborted");
  });

  it("rejects a refused connection and an unsupported protocol", async () => {
    await expect(nodeFetch(100)("http://127.0.0.1:1/v1", { method: "POST", headers: {}, body: "", signal: new AbortController().signal })).rejects.toThrow(/ECONNREFUSED/);
    await expect(nodeFetch(100)("ftp://127.0.0.1/v1", { method: "POST", headers: {}, body: "", signal: new AbortController().signal })).rejects.toThrow("unsupported protocol ftp:");
  });
});
