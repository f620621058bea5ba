/**
 * An OpenAI-compatible Chat Completions client: POST {base_url}/chat/completions
 * through the endpoint's limiter, with a per-attempt timeout, a reply size
 * cap, and retries that obey the server's `Retry-After` or else back off
 * exponentially with seeded jitter. fetch, the clock and the random source
 * are injected, so tests use neither the network's clock nor real waiting.
 * With a cassette, recorded exchanges are served from disk.
 *
 * Why not the official `openai` package: its retry loop sleeps on its own
 * timer and draws jitter from `Math.random` (neither can be injected), reads
 * the wall clock for HTTP-date `Retry-After`, has no in-flight or per-minute
 * limit and no reply size cap, and checks no response shape at run time; its
 * 7.x line needs Node 22. With its retries off, all that is left is types.
 */
import { parsePythonJson } from "../json/parse.js";
import { compactJsonChunks } from "../json/compact-text.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import type { Cassette } from "./cassette.js";
import { cassetteKey } from "./cassette.js";
import type { ChatClient, ChatReply, ChatRequest } from "./chat.js";
import { parseChatResponse } from "./chat.js";
import type { LlmConfig } from "./config.js";
import { apiKeyFrom } from "./config.js";
import { samplingBody } from "./sampling.js";
import { LlmEndpointError } from "./errors.js";
import type { FetchLike } from "./http.js";
import { attemptOnce } from "./http.js";
import { nodeFetch } from "./node-fetch.js";
import type { EndpointLimiter, LimiterClock } from "./limits.js";
import { createLimiter } from "./limits.js";
import { realClock } from "./real-clock.js";
import { replaceEncodedSecrets } from "./encoded-secrets.js";
import { keyFilledConfig, keyShownConfig } from "./key-fields.js";
import { endpointSnippet, REDACTED, shownUrl, urlSecrets } from "./redact.js";
import type { RequestCaps } from "./request-caps.js";
import { chargeRequest, DEFAULT_REQUEST_CAPS } from "./request-caps.js";
import { backoffMs, RETRY_AFTER_STATUSES, retryAfterMs } from "./retry.js";

export type { FetchLike, FetchResponseLike } from "./http.js";

export interface ClientDeps {
  readonly fetch?: FetchLike;
  /** Waits between attempts and for the rate limit; `now` is a monotonic clock in ms. */
  readonly clock?: LimiterClock;
  /** Shorthand for a clock that only replaces the waiting. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cassette?: Cassette;
  /** Jitter source in [0, 1), from the run's seeded RNG. Without it the jitter is fixed at its middle. */
  readonly random?: () => number;
  /** The endpoint's shared limiter; without one the client gets its own from the config. */
  readonly limiter?: EndpointLimiter;
  /** Size caps on requests (tests lower them); default DEFAULT_REQUEST_CAPS. */
  readonly requestCaps?: RequestCaps;
}

/** The request body for a config and a conversation; optional settings are sent only when set. */
export function requestBody(config: LlmConfig, request: ChatRequest): JsonObject {
  return {
    model: config.model,
    messages: request.messages as unknown as JsonValue[],
    ...(request.tools && request.tools.length > 0 ? { tools: [...request.tools] } : {}),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.seed !== undefined ? { seed: config.seed } : {}),
    ...(config.maxTokens !== undefined ? { max_tokens: config.maxTokens } : {}),
    ...samplingBody(config.sampling, request.tools !== undefined && request.tools.length > 0),
  };
}

/** `base_url` and model: how messages and failure keys name an endpoint. */
export const endpointName = (config: LlmConfig): string => `${shownUrl(config.baseUrl)} (${config.model})`;

interface Prepared {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly secrets: readonly string[];
}

function prepare(config: LlmConfig, env: Readonly<Record<string, string | undefined>>): Prepared {
  const url = `${config.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  const inUrl = urlSecrets(config.baseUrl);
  if (config.apiKeyEnv === undefined) return { url, headers, secrets: inUrl };
  const key = apiKeyFrom(config, env);
  if (key === undefined) throw new LlmEndpointError("missing_api_key", `${config.source}: api_key_env names ${config.apiKeyEnv}, which is not set`, { url: shownUrl(url), endpoint: endpointName(config) });
  headers["authorization"] = `Bearer ${key}`;
  return { url, headers, secrets: [key, ...inUrl] };
}

/** POST with retries; resolves to the response text, or throws the last attempt's failure. */
async function postWithRetries(config: LlmConfig, shownConfig: LlmConfig, deps: ClientDeps, clock: LimiterClock, limiter: EndpointLimiter, bytes: readonly Buffer[], random_?: () => number): Promise<{ text: string; secrets: readonly string[]; attempts: number }> {
  const { url, headers, secrets } = prepare(config, deps.env ?? process.env);
  const fetchImpl: FetchLike = deps.fetch ?? nodeFetch(config.maxReplyBytes);
  const random = random_ ?? deps.random ?? ((): number => 0.5);
  const attempts = config.retries + 1;
  const settings = { timeoutMs: config.timeoutSeconds * 1000, maxReplyBytes: config.maxReplyBytes, secrets };
  const shown = shownUrl(`${shownConfig.baseUrl}/chat/completions`);
  const details = { url: shown, endpoint: endpointName(shownConfig) };
  for (let n = 1; ; n++) {
    const res = await limiter.run(() => attemptOnce(url, headers, bytes, settings, fetchImpl));
    if (res.ok) return { text: res.text, secrets, attempts: n };
    const f = res.failure;
    const fail = (why: string): never => {
      throw new LlmEndpointError(f.kind, `${shown}: ${f.message}${why}`, { ...details, attempts: n, ...(f.status !== undefined ? { status: f.status } : {}) }, { cause: f.cause });
    };
    if (!f.retry) fail("");
    if (n >= attempts) fail(n > 1 ? ` (gave up after ${n} attempts)` : "");
    const asked = f.status !== undefined && RETRY_AFTER_STATUSES.has(f.status) ? retryAfterMs(f.headers) : undefined;
    if (asked !== undefined && asked > config.maxRetryAfterSeconds * 1000) {
      fail(` (the endpoint asked to wait ${asked / 1000} s, more than max_retry_after_seconds ${config.maxRetryAfterSeconds})`);
    }
    await clock.sleep(asked ?? backoffMs(n, config, random));
  }
}

/** The clock the deps give (or only its waiting), else the real one. */
export function clockOf(deps: Pick<ClientDeps, "clock" | "sleep">): LimiterClock {
  return deps.clock ?? (deps.sleep ? { now: realClock.now, sleep: deps.sleep } : realClock);
}

export function createChatClient(given: LlmConfig, deps: ClientDeps = {}): ChatClient {
  const { cassette } = deps;
  // Sent with the key in any field that names it; shown, stored and keyed in the cassette with `${api_key_env}` there.
  const config = keyFilledConfig(given, deps.env ?? process.env);
  const shownConfig = keyShownConfig(config, deps.env ?? process.env);
  const clock = clockOf(deps);
  const limiter = deps.limiter ?? createLimiter(config, clock);
  const where = shownUrl(`${shownConfig.baseUrl}/chat/completions`);
  const decode = (raw: JsonValue, from: string): ChatReply => {
    const parsed = parseChatResponse(raw);
    if (!parsed.ok) throw new LlmEndpointError("bad_response", `${from}: ${parsed.problem}`, { url: where, endpoint: endpointName(shownConfig) });
    return parsed.reply;
  };
  return {
    async complete(request) {
      const sent = requestBody(config, request);
      const body = shownConfig === config ? sent : requestBody(shownConfig, request);
      // The history and tool specs are deep-frozen: their bytes are remembered between turns.
      const bytes = compactJsonChunks(sent);
      chargeRequest(
        bytes.reduce((n, b) => n + b.length, 0),
        request.volume,
        deps.requestCaps ?? DEFAULT_REQUEST_CAPS,
        { endpoint: endpointName(shownConfig) },
      );
      if (cassette && cassette.mode !== "record") {
        const recorded = cassette.find(body);
        if (recorded !== undefined) return decode(recorded, `cassette ${cassette.dir}`);
        if (cassette.mode === "replay") {
          const key = cassetteKey(body);
          throw new LlmEndpointError("cassette_miss", `no recorded exchange ${key} in ${cassette.dir} (replay mode never calls the endpoint)`, { key, endpoint: endpointName(shownConfig) });
        }
      }
      const { text, secrets, attempts } = await postWithRetries(config, shownConfig, deps, clock, limiter, bytes, request.random);
      // A key the endpoint echoes back, in whatever spelling, must not reach the transcript or the cassette.
      const clean = replaceEncodedSecrets(text, secrets, REDACTED);
      let raw: JsonValue;
      try {
        raw = parsePythonJson(clean);
      } catch (e) {
        throw new LlmEndpointError("bad_response", `${where}: the reply body is not JSON: ${endpointSnippet(clean, secrets)}`, { url: where, endpoint: endpointName(shownConfig) }, { cause: e });
      }
      const reply = decode(raw, where);
      cassette?.store(body, raw);
      return attempts > 1 ? { ...reply, failedAttempts: attempts - 1 } : reply;
    },
  };
}
