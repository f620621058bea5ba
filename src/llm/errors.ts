/**
 * Everything that can go wrong talking to an LLM endpoint that is not the
 * model's fault. A bot that meets one throws it; the conversation then stops
 * with `bot_error` and the scenario is marked errored with this message.
 */
export type LlmErrorKind =
  /** A non-retryable status, or a retryable one that persisted through every retry. */
  | "http"
  /** The connection failed (refused, reset, DNS) on every attempt. */
  | "network"
  /** No complete answer within `timeout_seconds` on every attempt. */
  | "timeout"
  /** A 2xx answer that is not a chat completion (not JSON, no choices). */
  | "bad_response"
  /** `--cassette-mode replay` and the request was never recorded. */
  | "cassette_miss"
  /** The config names an API-key variable that is not set. */
  | "missing_api_key"
  /** The reply is larger than `max_reply_bytes`. */
  | "reply_too_large"
  /** A cassette entry is not what was recorded (edited, truncated, or not an entry). */
  | "cassette_corrupt"
  /** The request (the conversation's whole context) is over the cap for one request (request-caps.ts). */
  | "request_too_large"
  /** One side's requests in one scenario are over the cap for all of them together (request-caps.ts). */
  | "request_budget";

export interface LlmErrorDetails {
  readonly url?: string;
  /** `base_url` and model of the endpoint (never a key), for telling endpoints apart. */
  readonly endpoint?: string;
  readonly status?: number;
  readonly attempts?: number;
  /** The cassette key, for cassette errors. */
  readonly key?: string;
}

export class LlmEndpointError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly details: LlmErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(`LLM endpoint error (${kind}): ${message}`, options);
    this.name = "LlmEndpointError";
  }

  /**
   * What makes two failures "the same": endpoint, kind and HTTP status. A run
   * that sees this repeat scenario after scenario can stop early.
   */
  get failureKey(): string {
    return [this.details.endpoint ?? this.details.url ?? "", this.kind, this.details.status ?? ""].join(" ");
  }
}

/** The endpoint error a failure stands for, if any (an error thrown through a bot keeps its class). */
export function asEndpointError(e: unknown): LlmEndpointError | undefined {
  return e instanceof LlmEndpointError ? e : undefined;
}
