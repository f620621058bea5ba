/**
 * The YAML file that points a bot (or the judge) at an OpenAI-compatible
 * endpoint. It is read once, at the edge, into a fully populated value; every
 * problem is reported with the file and the field.
 *
 *   base_url: http://127.0.0.1:8000/v1
 *   model: my-model
 *   api_key_env: OPENAI_API_KEY   # optional: the env var holding the key
 *   temperature: 0                # optional, sent only when set
 *   seed: 42                      # optional, sent only when set
 *   max_tokens: 1024              # optional, sent only when set
 *   timeout_seconds: 60           # per attempt
 *   retries: 3                    # extra attempts on 5xx, 429, network errors, timeouts
 *   backoff_seconds: 1            # first wait; doubles after every failed attempt (with jitter)
 *   max_backoff_seconds: 30       # cap of one computed wait
 *   max_retry_after_seconds: 120  # a longer Retry-After gives up instead of waiting
 *   max_connections: 16           # requests in flight to this base_url+model across the run
 *   requests_per_minute: 600      # optional: spacing between request starts
 *   max_reply_bytes: 1000000      # a larger reply is an endpoint error
 *   price_per_million_input: 0.5  # optional, for the cost in the run's totals
 *   price_per_million_output: 1.5 # optional
 *
 * The "LLM config reference" of docs/models.md documents every key; keep them in step.
 */
import { parseDocument } from "yaml";
import type { YAMLError } from "yaml";
import { duplicateKey } from "../loaders/yaml-unique-keys.js";
import { z } from "zod";
import { withoutMarks } from "../json/marks.js";
import { findReservedKey } from "../json/reserved-keys.js";
import { requestsPerMinute, timerSeconds } from "./config-numbers.js";
import { readInputText } from "../loaders/input-file.js";
import { FixtureError } from "../loaders/load-db.js";
import type { Sampling } from "./sampling.js";
import { SAMPLING_SHAPE, samplingOf } from "./sampling.js";
import type { SpeechSettings } from "./thinking.js";
import { THINKING_SHAPE } from "./thinking.js";
import { NemoConfigError, nemoServerConfig } from "./nemo-config.js";

/** An LLM config file's settings (endpoint, model, key variable, sampling, limits, prices); docs/models.md lists every key. */
export interface LlmConfig {
  /** Where `/chat/completions` lives, without a trailing slash. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKeyEnv?: string;
  readonly temperature?: number;
  readonly seed?: number;
  readonly maxTokens?: number;
  readonly timeoutSeconds: number;
  readonly retries: number;
  readonly backoffSeconds: number;
  readonly maxBackoffSeconds: number;
  readonly maxRetryAfterSeconds: number;
  readonly maxConnections: number;
  readonly requestsPerMinute?: number;
  readonly maxReplyBytes: number;
  readonly pricePerMillionInput?: number;
  readonly pricePerMillionOutput?: number;
  /** top_p, top_k, …, extra_body (sampling.ts); absent when the config sets none of them. */
  readonly sampling?: Sampling;
  /** What of a reply is spoken (thinking.ts); absent: the default think tokens, no ignore strings. */
  readonly speech?: SpeechSettings;
  /** The role the scenario's prompt is sent under (NeMo's `system_role`); absent: "system". */
  readonly systemRole?: "system" | "user" | "developer";
  /** The file it came from, for messages. */
  readonly source: string;
}

export const CONFIG_DEFAULTS = {
  timeout_seconds: 60,
  retries: 3,
  backoff_seconds: 1,
  max_backoff_seconds: 30,
  max_retry_after_seconds: 120,
  max_connections: 16,
  max_reply_bytes: 1_000_000,
} as const;

/** An LLM config file that cannot be used, naming the file and the key. */
export class LlmConfigError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(field ? `${file}: ${field}: ${detail}` : `${file}: ${detail}`);
    this.name = "LlmConfigError";
  }
}

const parsedUrl = (s: string): URL | undefined => {
  try {
    return new URL(s);
  } catch {
    return undefined;
  }
};

// A key written into the URL would travel into every message and output file that names the endpoint.
const httpUrl = z
  .string()
  .refine((s) => ["http:", "https:"].includes(parsedUrl(s)?.protocol ?? ""), "expected an http(s) URL")
  .refine((s) => {
    const u = parsedUrl(s);
    return u === undefined || (u.username === "" && u.password === "");
  }, "must not hold a user name or password (put the key in an environment variable named by api_key_env)");

const schema = z
  .object({
    base_url: httpUrl,
    model: z.string().min(1),
    api_key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable name").optional(),
    temperature: z.number().min(0).max(2).optional(),
    seed: z.number().int().optional(),
    max_tokens: z.number().int().positive().optional(),
    timeout_seconds: timerSeconds({ positive: true }).default(CONFIG_DEFAULTS.timeout_seconds),
    retries: z.number().int().min(0).max(20).default(CONFIG_DEFAULTS.retries),
    backoff_seconds: timerSeconds().default(CONFIG_DEFAULTS.backoff_seconds),
    max_backoff_seconds: timerSeconds().default(CONFIG_DEFAULTS.max_backoff_seconds),
    max_retry_after_seconds: timerSeconds().default(CONFIG_DEFAULTS.max_retry_after_seconds),
    max_connections: z.number().int().min(1).max(10_000).default(CONFIG_DEFAULTS.max_connections),
    requests_per_minute: requestsPerMinute().optional(),
    max_reply_bytes: z.number().int().min(1024).default(CONFIG_DEFAULTS.max_reply_bytes),
    price_per_million_input: z.number().min(0).optional(),
    price_per_million_output: z.number().min(0).optional(),
    ...SAMPLING_SHAPE,
    ...THINKING_SHAPE,
    system_role: z.enum(["system", "user", "developer"]).optional(),
  })
  .strict();

function describe(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (typeof v === "string") return `"${v}"`;
  if (typeof v === "object") return Array.isArray(v) ? "a list" : "a mapping";
  return String(v);
}

/** The settings added beside the original ones, each present only when the file sets it. */
function optionalParts(c: z.output<typeof schema>): Pick<LlmConfig, "sampling" | "speech" | "systemRole"> {
  const sampling = samplingOf(c);
  const speech: SpeechSettings = {
    ...(c.think_tokens !== undefined ? { thinkTokens: c.think_tokens } : {}),
    ...(c.ignore_strings !== undefined ? { ignoreStrings: c.ignore_strings } : {}),
  };
  return {
    ...(sampling ? { sampling } : {}),
    ...(Object.keys(speech).length > 0 ? { speech } : {}),
    ...(c.system_role !== undefined ? { systemRole: c.system_role } : {}),
  };
}

/**
 * Validate an already parsed document; `file` names it in errors, and
 * `fieldPath` turns a setting's name into where the file holds it (a NeMo
 * server config holds `top_p` at `llm.vllm_generation_params.top_p`).
 */
export function parseLlmConfig(data: unknown, file: string, fieldPath: (field: string) => string = (f) => f): LlmConfig {
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new LlmConfigError(file, "", `expected a mapping of settings, found ${describe(data)}`);
  const reserved = findReservedKey(data);
  if (reserved !== undefined) throw new LlmConfigError(file, reserved, "not allowed as a key (it names JavaScript's object machinery, not a setting)");
  const parsed = schema.safeParse(withoutMarks(data));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === "unrecognized_keys") throw new LlmConfigError(file, issue.keys.join(", "), `unknown setting (known: ${Object.keys(schema.shape).join(", ")})`);
    const raw = issue?.path.join(".") ?? "";
    const field = fieldPath(raw);
    const found = (data as Record<string, unknown>)[String(issue?.path[0])];
    // Never echo a URL that holds credentials.
    const shown = raw === "base_url" && typeof found === "string" && /\/\/[^/]*@/.test(found) ? "a URL with credentials" : describe(found);
    // Only extra_body keeps an integer beyond 2^53 (sent with its digits); a numeric setting would round it.
    const message = typeof found === "bigint" ? "an integer beyond 2^53 is not a number this setting takes (it would be rounded)" : (issue?.message ?? "invalid");
    throw new LlmConfigError(file, field, `${message} (found ${shown})`);
  }
  const c = parsed.data;
  return {
    baseUrl: c.base_url.replace(/\/+$/, ""),
    model: c.model,
    ...(c.api_key_env !== undefined ? { apiKeyEnv: c.api_key_env } : {}),
    ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
    ...(c.seed !== undefined ? { seed: c.seed } : {}),
    ...(c.max_tokens !== undefined ? { maxTokens: c.max_tokens } : {}),
    timeoutSeconds: c.timeout_seconds,
    retries: c.retries,
    backoffSeconds: c.backoff_seconds,
    maxBackoffSeconds: c.max_backoff_seconds,
    maxRetryAfterSeconds: c.max_retry_after_seconds,
    maxConnections: c.max_connections,
    ...(c.requests_per_minute !== undefined ? { requestsPerMinute: c.requests_per_minute } : {}),
    maxReplyBytes: c.max_reply_bytes,
    ...(c.price_per_million_input !== undefined ? { pricePerMillionInput: c.price_per_million_input } : {}),
    ...(c.price_per_million_output !== undefined ? { pricePerMillionOutput: c.price_per_million_output } : {}),
    ...optionalParts(c),
    source: file,
  };
}

/** The earlier in the file of the parser's first problem and the first repeated key (the parser's own check reported both in order). */
function firstProblem(parsed: YAMLError | undefined, dup: { message: string; offset: number } | undefined): string | undefined {
  if (parsed && (!dup || parsed.pos[0] <= dup.offset)) return parsed.message;
  return dup?.message;
}

/** `v` with every integer that a number holds exactly as a number: only those beyond 2^53 stay bigints. */
function unsafeIntsOnly(v: unknown): unknown {
  if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) ? Number(v) : v;
  if (Array.isArray(v)) return v.map(unsafeIntsOnly);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unsafeIntsOnly(x)]));
  return v;
}

/** Read and validate a config file: YAML 1.2 core schema; duplicate keys and unknown tags are errors. */
export function loadLlmConfig(file: string): LlmConfig {
  let text: string;
  try {
    text = readInputText(file, "config");
  } catch (e) {
    if (e instanceof FixtureError) throw new LlmConfigError(file, "", e.detail);
    throw new LlmConfigError(file, "", `cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  // Integers as bigints, so one beyond 2^53 keeps its digits (sent exactly in extra_body, refused by a numeric setting) instead of being rounded.
  // Duplicate keys are found by the linear check (the parser's own is quadratic).
  const doc = parseDocument(text, { uniqueKeys: false, intAsBigInt: true });
  const problem = firstProblem(doc.errors[0] ?? doc.warnings[0], duplicateKey(doc, text));
  if (problem) throw new LlmConfigError(file, "", `invalid YAML: ${problem.split("\n")[0] ?? ""}`);
  let data: unknown;
  try {
    data = unsafeIntsOnly(doc.toJS({ maxAliasCount: 10 }));
  } catch (e) {
    throw new LlmConfigError(file, "", `invalid YAML: ${(e as Error).message.split("\n")[0] ?? ""}`);
  }
  let nemo: ReturnType<typeof nemoServerConfig>;
  try {
    nemo = nemoServerConfig(data);
  } catch (e) {
    if (e instanceof NemoConfigError) throw new LlmConfigError(file, e.field, e.detail);
    throw e;
  }
  if (nemo !== undefined) return parseLlmConfig(nemo.settings, file, nemo.fieldPath);
  return parseLlmConfig(data, file);
}

/** The API key a config names, if any; undefined when none is configured or the variable is unset. */
export function apiKeyFrom(config: LlmConfig, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (config.apiKeyEnv === undefined) return undefined;
  const key = env[config.apiKeyEnv];
  return key === undefined || key === "" ? undefined : key;
}

/** Every key a config file may hold (docs/models.md's reference lists exactly these). */
export const CONFIG_KEYS: readonly string[] = Object.keys(schema.shape);
