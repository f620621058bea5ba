/**
 * What a run records about each model it talked to (run_config.json): which
 * model at which endpoint with which settings, so a result can be traced to
 * what produced it. Never the key, nor even whether one was set.
 */
import type { JsonObject } from "../json/types.js";
import type { LlmConfig } from "./config.js";
import { shownUrl } from "./redact.js";
import { samplingProvenance } from "./sampling.js";

/** Every setting that can change a reply or the spend, in config-file names; the URL has no credentials (config validation refuses a user and password; query values named like keys are redacted). */
export function provenanceOf(config: LlmConfig): JsonObject {
  const optional: JsonObject = {};
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
    max_reply_bytes: config.maxReplyBytes,
  };
}
