/**
 * One HTTP attempt against an endpoint: POST, read at most `max_reply_bytes`
 * of the answer within the timeout, and classify what happened. Everything
 * the endpoint said that ends up in a message is redacted first.
 */
import type { HeaderSource } from "./retry.js";
import { endpointSnippet } from "./redact.js";
import { ReplyTooLarge } from "./reply-too-large.js";
import { Deadline } from "./attempt-deadline.js";

export interface FetchResponseLike {
  readonly status: number;
  readonly headers?: HeaderSource;
  /** The body as a stream (the real `fetch`); read with a size cap when present. */
  readonly body?: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

/**
 * `body` is the request text; a transport that can send bytes takes `bytes`
 * (the same text as UTF-8 chunks, see json/compact-text.ts) and never asks
 * for `body`, which is then not built. The timeout aborts `signal`; a
 * transport may instead give `onAbort` a callback, and the signal is then
 * never made (see attempt-deadline.ts).
 */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    readonly body: string;
    readonly bytes?: readonly Uint8Array[];
    readonly signal: AbortSignal;
    readonly onAbort?: (abort: () => void) => void;
  },
) => Promise<FetchResponseLike>;

export interface Failure {
  readonly kind: "http" | "network" | "timeout" | "reply_too_large";
  readonly message: string;
  readonly retry: boolean;
  readonly status?: number;
  readonly headers?: HeaderSource;
  readonly cause?: unknown;
}

export type Attempt = { ok: true; status: number; text: string } | { ok: false; failure: Failure };

export interface AttemptSettings {
  readonly timeoutMs: number;
  readonly maxReplyBytes: number;
  /** Values to redact from anything the endpoint says (the configured key). */
  readonly secrets: readonly string[];
}

/** The body as text, refusing (and cancelling the download) past `max` bytes. */
async function readCapped(res: FetchResponseLike, max: number): Promise<string> {
  const declared = Number(res.headers?.get("content-length") ?? NaN);
  if (declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new ReplyTooLarge(`declared ${declared} bytes`);
  }
  if (!res.body) {
    const text = await res.text();
    if (Buffer.byteLength(text, "utf8") > max) throw new ReplyTooLarge(`${Buffer.byteLength(text, "utf8")} bytes`);
    return text;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new ReplyTooLarge(`more than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function describeFetchError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message;
}

export async function attemptOnce(url: string, headers: Record<string, string>, bytes: readonly Uint8Array[], settings: AttemptSettings, fetchImpl: FetchLike): Promise<Attempt> {
  const deadline = new Deadline();
  const timer = setTimeout(() => deadline.expire(), settings.timeoutMs);
  let res: FetchResponseLike;
  let text: string;
  try {
    res = await fetchImpl(url, {
      method: "POST",
      headers,
      bytes,
      get body(): string {
        return Buffer.concat(bytes).toString("utf8");
      },
      get signal(): AbortSignal {
        return deadline.signal;
      },
      onAbort: (abort) => deadline.onExpire(abort),
    });
    text = await readCapped(res, settings.maxReplyBytes);
  } catch (e) {
    if (e instanceof ReplyTooLarge) {
      const message = `the reply is larger than max_reply_bytes (${settings.maxReplyBytes}): ${e.message}`;
      return { ok: false, failure: { kind: "reply_too_large", message, retry: false } };
    }
    if (deadline.expired) return { ok: false, failure: { kind: "timeout", message: `no complete answer within ${settings.timeoutMs / 1000} s`, retry: true, cause: e } };
    return { ok: false, failure: { kind: "network", message: endpointSnippet(describeFetchError(e), settings.secrets), retry: true } };
  } finally {
    clearTimeout(timer);
  }
  const { status } = res;
  if (status < 200 || status >= 300) {
    const retry = status >= 500 || status === 429 || status === 408;
    return { ok: false, failure: { kind: "http", message: `HTTP ${status}: ${endpointSnippet(text, settings.secrets)}`, retry, status, ...(res.headers ? { headers: res.headers } : {}) } };
  }
  return { ok: true, status, text };
}
