/**
 * The client's default transport: one POST through node:http(s) with a
 * keep-alive agent per protocol. It does what the client needs of `fetch`
 * (status, headers, the body as text, abort) at a fraction of the CPU:
 * undici's `fetch` wraps every request and reply in WHATWG streams, which
 * was most of evalsim's own cost per model turn at high concurrency
 * (bench/README.md, section llm). The reply size cap is enforced while
 * reading, so an oversized reply is never held whole.
 */
import http from "node:http";
import https from "node:https";
import type { FetchLike, FetchResponseLike } from "./http.js";
import { ReplyTooLarge } from "./reply-too-large.js";

// No socket limit of its own: in-flight requests are bounded by the endpoint's limiter.
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/** What `fetch` rejects with when aborted. */
class AbortError extends Error {
  override readonly name = "AbortError";
  constructor() {
    super("This operation was aborted");
  }
}

class Headers {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
}

export function nodeFetch(maxReplyBytes: number): FetchLike {
  return (url, init) =>
    new Promise<FetchResponseLike>((resolve, reject) => {
      const target = new URL(url);
      const agent = target.protocol === "https:" ? agents["https:"] : target.protocol === "http:" ? agents["http:"] : undefined;
      if (!agent) {
        reject(new TypeError(`unsupported protocol ${target.protocol}`));
        return;
      }
      const body = init.bytes ? Buffer.concat(init.bytes) : Buffer.from(init.body, "utf8");
      const send = target.protocol === "https:" ? https.request : http.request;
      const req = send(target, { method: init.method, headers: { ...init.headers, "content-length": String(body.length) }, agent }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = new Promise<string>((ok, fail) => {
          res.on("data", (c: Buffer) => {
            size += c.length;
            if (size > maxReplyBytes) {
              // Settle first: destroying emits "aborted", which must not name the failure.
              fail(new ReplyTooLarge(`more than ${maxReplyBytes} bytes`));
              res.destroy();
              return;
            }
            chunks.push(c);
          });
          res.on("end", () => ok(Buffer.concat(chunks).toString("utf8")));
          res.on("error", fail);
          res.on("aborted", () => fail(new Error("the connection closed before the reply was complete")));
        });
        // A rejection nobody awaited yet must not crash the process; text() hands it on.
        done.catch(() => undefined);
        resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers), text: () => done });
      });
      req.on("error", reject);
      // A callback, not the signal: node:http's handling of a signal costs about 0.1 ms per request.
      const abort = (): void => void req.destroy(new AbortError());
      if (init.onAbort) init.onAbort(abort);
      else if (init.signal.aborted) abort();
      else init.signal.addEventListener("abort", abort, { once: true });
      req.end(body);
    });
}
