/**
 * What a run records about each model it talked to (run_config.json): which
 * model at which endpoint with which settings, so a result can be traced to
 * what produced it, and so `--resume` can talk to it again without the
 * config file. Never the key, nor even whether one was set: only the name
 * of the environment variable that holds it.
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import type { LlmConfig } from "./config.js";
import { CONFIG_DEFAULTS, LlmConfigError, parseLlmConfig } from "./config.js";
import { REDACTED, shownUrl } from "./redact.js";
import { samplingProvenance } from "./sampling.js";

/** Every setting that can change a reply or the spend, in config-file names; the URL has no credentials (config validation refuses a user and password; query values named like keys are redacted). */
export function provenanceOf(config: LlmConfig): JsonObject {
  const optional: JsonObject = {};
  if (config.apiKeyEnv !== undefined) optional["api_key_env"] = config.apiKeyEnv;
  if (config.temperature !== undefined) optional["temperature"] = config.temperature;
  if (config.seed !== undefined) optional["seed"] = config.seed;
  if (config.maxTokens !== undefined) optional["max_tokens"] = config.maxTokens;
  Object.assign(optional, samplingProvenance(config.sampling));
  if (config.speech?.thinkTokens !== undefined) optional["think_tokens"] = config.speech.thinkTokens === null ? null : [...config.speech.thinkTokens];
  if (config.speech?.ignoreStrings !== undefined) optional["ignore_strings"] = [...config.speech.ignoreStrings];
  if (config.systemRole !== undefined) optional["system_role"] = config.systemRole;
  if (config.requestsPerMinute !== undefined) optional["requests_per_minute"] = config.requestsPerMinute;
  if (config.pricePerMillionInput !== undefined) optional["price_per_million_input"] = config.pricePerMillionInput;
  if (config.pricePerMillionOutput !== undefined) optional["price_per_million_output"] = config.pricePerMillionOutput;
  return {
    model: config.model,
    base_url: shownUrl(config.baseUrl),
    ...optional,
    max_connections: config.maxConnections,
    timeout_seconds: config.timeoutSeconds,
    retries: config.retries,
    ...waits(config),
    max_reply_bytes: config.maxReplyBytes,
  };
}

/** The waits between attempts, each only when it is not the default (a run that keeps them records what it always did). */
function waits(config: LlmConfig): JsonObject {
  const out: JsonObject = {};
  if (config.backoffSeconds !== CONFIG_DEFAULTS.backoff_seconds) out["backoff_seconds"] = config.backoffSeconds;
  if (config.maxBackoffSeconds !== CONFIG_DEFAULTS.max_backoff_seconds) out["max_backoff_seconds"] = config.maxBackoffSeconds;
  if (config.maxRetryAfterSeconds !== CONFIG_DEFAULTS.max_retry_after_seconds) out["max_retry_after_seconds"] = config.maxRetryAfterSeconds;
  return out;
}

/**
 * The config a recorded provenance describes (what `--resume` talks to when
 * no config file is given again); `source` names where it was read, for
 * messages. A base URL whose credential query values were left out of the
 * record cannot be used: the error says to give the config file again.
 */
export function configFromProvenance(value: JsonValue, source: string, flag: string): LlmConfig {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const url = value["base_url"];
    if (typeof url === "string" && url.includes(REDACTED)) {
      throw new LlmConfigError(source, "base_url", `was recorded without the credential values of its query; give ${flag} FILE again`);
    }
  }
  return parseLlmConfig(value, source);
}
