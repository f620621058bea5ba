/**
 * An OpenAI-compatible Chat Completions client: POST {base_url}/chat/completions
 * with a per-attempt timeout and exponential backoff between retries. fetch
 * and sleep are injected, so tests use neither the network's clock nor real
 * waiting. With a cassette, recorded exchanges are served from disk.
 */
import { parsePythonJson } from "../json/parse.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import type { Cassette } from "./cassette.js";
import { cassetteKey } from "./cassette.js";
import type { ChatClient, ChatReply, ChatRequest } from "./chat.js";
import { parseChatResponse } from "./chat.js";
import type { LlmConfig } from "./config.js";
import { apiKeyFrom } from "./config.js";
import { LlmEndpointError } from "./errors.js";

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ status: number; text(): Promise<string> }>;

export interface ClientDeps {
  readonly fetch?: FetchLike;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cassette?: Cassette;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The request body for a config and a conversation; optional settings are sent only when set. */
export function requestBody(config: LlmConfig, request: ChatRequest): JsonObject {
  return {
    model: config.model,
    messages: request.messages as unknown as JsonValue[],
    ...(request.tools && request.tools.length > 0 ? { tools: [...request.tools] } : {}),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.seed !== undefined ? { seed: config.seed } : {}),
    ...(config.maxTokens !== undefined ? { max_tokens: config.maxTokens } : {}),
  };
}

interface Failure {
  readonly kind: "http" | "network" | "timeout" | "bad_response";
  readonly message: string;
  readonly retry: boolean;
  readonly status?: number;
  readonly cause?: unknown;
}

type Attempt = { ok: true; raw: JsonValue } | { ok: false; failure: Failure };

const snippet = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat;
};

function describeFetchError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message;
}

async function attemptOnce(url: string, headers: Record<string, string>, body: string, timeoutMs: number, fetchImpl: FetchLike): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let status: number;
  let text: string;
  try {
    const res = await fetchImpl(url, { method: "POST", headers, body, signal: controller.signal });
    status = res.status;
    text = await res.text();
  } catch (e) {
    if (controller.signal.aborted) return { ok: false, failure: { kind: "timeout", message: `no complete answer within ${timeoutMs / 1000} s`, retry: true, cause: e } };
    return { ok: false, failure: { kind: "network", message: describeFetchError(e), retry: true, cause: e } };
  } finally {
    clearTimeout(timer);
  }
  if (status < 200 || status >= 300) {
    const retry = status >= 500 || status === 429 || status === 408;
    return { ok: false, failure: { kind: "http", message: `HTTP ${status}: ${snippet(text)}`, retry, status } };
  }
  try {
    return { ok: true, raw: parsePythonJson(text) };
  } catch (e) {
    return { ok: false, failure: { kind: "bad_response", message: `HTTP ${status} body is not JSON: ${snippet(text)}`, retry: false, status, cause: e } };
  }
}

/** POST with retries; resolves to the response body as JSON, or throws the last attempt's failure. */
async function postWithRetries(config: LlmConfig, deps: ClientDeps, body: JsonObject): Promise<JsonValue> {
  const url = `${config.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (config.apiKeyEnv !== undefined) {
    const key = apiKeyFrom(config, deps.env ?? process.env);
    if (key === undefined) throw new LlmEndpointError("missing_api_key", `${config.source}: api_key_env names ${config.apiKeyEnv}, which is not set`, { url });
    headers["authorization"] = `Bearer ${key}`;
  }
  const fetchImpl: FetchLike = deps.fetch ?? globalThis.fetch;
  const sleep = deps.sleep ?? realSleep;
  const text = toJsonText(body);
  const attempts = config.retries + 1;
  for (let n = 1; ; n++) {
    const res = await attemptOnce(url, headers, text, config.timeoutSeconds * 1000, fetchImpl);
    if (res.ok) return res.raw;
    const f = res.failure;
    if (!f.retry || n >= attempts) {
      const tail = n > 1 ? ` (gave up after ${n} attempts)` : "";
      throw new LlmEndpointError(f.kind, `${url}: ${f.message}${tail}`, { url, attempts: n, ...(f.status !== undefined ? { status: f.status } : {}) }, { cause: f.cause });
    }
    await sleep(config.backoffSeconds * 1000 * 2 ** (n - 1));
  }
}

export function createChatClient(config: LlmConfig, deps: ClientDeps = {}): ChatClient {
  const { cassette } = deps;
  const decode = (raw: JsonValue, where: string): ChatReply => {
    const parsed = parseChatResponse(raw);
    if (!parsed.ok) throw new LlmEndpointError("bad_response", `${where}: ${parsed.problem}`, { url: `${config.baseUrl}/chat/completions` });
    return parsed.reply;
  };
  return {
    async complete(request) {
      const body = requestBody(config, request);
      if (cassette && cassette.mode !== "record") {
        const recorded = cassette.find(body);
        if (recorded !== undefined) return decode(recorded, `cassette ${cassette.dir}`);
        if (cassette.mode === "replay") {
          const key = cassetteKey(body);
          throw new LlmEndpointError("cassette_miss", `no recorded exchange ${key} in ${cassette.dir} (replay mode never calls the endpoint)`, { key });
        }
      }
      const raw = await postWithRetries(config, deps, body);
      const reply = decode(raw, `${config.baseUrl}/chat/completions`);
      cassette?.store(body, raw);
      return reply;
    },
  };
}
