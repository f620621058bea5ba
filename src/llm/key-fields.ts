/**
 * A key typed into a config's own fields: an endpoint that takes its key in
 * the URL (`base_url: https://h/v1?key=...` or a path segment), a model name
 * or an `extra_body` field that carries it. evalsim knows the key's value
 * (it read it from the variable `api_key_env` names), so wherever such a
 * field is shown or stored (`config check`, run_config.json, cassette
 * entries, messages) the value appears as `${NAME}`, in whatever spelling
 * it was typed; the request sent carries the value itself. A recorded
 * config holding `${NAME}` (a resumed run's) is filled in again from the
 * environment when a request is sent.
 */
import type { JsonValue } from "../json/types.js";
import type { LlmConfig } from "./config.js";
import { apiKeyFrom } from "./config.js";
import { replaceEncodedSecrets } from "./encoded-secrets.js";
import type { Sampling } from "./sampling.js";

type Env = Readonly<Record<string, string | undefined>>;

/** How a config's key is shown in its own fields. */
export const keyPlaceholder = (name: string): string => `\${${name}}`;

/** Every string in a JSON value mapped by `f`; the same value back when none changed. */
function mapStrings<T extends JsonValue>(v: T, f: (s: string) => string): T {
  if (typeof v === "string") return f(v) as T;
  if (Array.isArray(v)) {
    const out = v.map((x) => mapStrings(x, f));
    return (out.some((x, i) => x !== v[i]) ? out : v) as T;
  }
  if (v !== null && typeof v === "object") {
    let changed = false;
    const out: Record<string, JsonValue> = {};
    for (const [k, x] of Object.entries(v)) {
      const y = mapStrings(x, f);
      if (y !== x) changed = true;
      out[k] = y;
    }
    return (changed ? out : v) as T;
  }
  return v;
}

/** The config with `f` applied to base_url, model and every string of the sampling settings; the same config when nothing changed. */
function mapFields(config: LlmConfig, f: (s: string, inUrl: boolean) => string): LlmConfig {
  const baseUrl = f(config.baseUrl, true);
  const model = f(config.model, false);
  const sampling = config.sampling === undefined ? undefined : (mapStrings(config.sampling as unknown as JsonValue, (s) => f(s, false)) as unknown as Sampling);
  if (baseUrl === config.baseUrl && model === config.model && sampling === config.sampling) return config;
  return { ...config, baseUrl, model, ...(sampling !== undefined ? { sampling } : {}) };
}

/** The key values to look for: the one `env` holds, and the process's own when it differs (clients read that one). */
function keysOf(config: LlmConfig, env: Env): string[] {
  const keys = [apiKeyFrom(config, env), apiKeyFrom(config, process.env)].filter((k): k is string => k !== undefined && k.length >= 4);
  return [...new Set(keys)];
}

/** The config as shown and stored: its key, in any spelling, inside base_url, model or sampling settings written `${api_key_env}`. */
export function keyShownConfig(config: LlmConfig, env: Env = process.env): LlmConfig {
  if (config.apiKeyEnv === undefined) return config;
  const keys = keysOf(config, env);
  if (keys.length === 0) return config;
  const placeholder = keyPlaceholder(config.apiKeyEnv);
  return mapFields(config, (s) => replaceEncodedSecrets(s, keys, placeholder));
}

/** The config as sent: `${api_key_env}` inside base_url, model or sampling settings replaced by the key (percent-encoded in the URL). */
export function keyFilledConfig(config: LlmConfig, env: Env = process.env): LlmConfig {
  if (config.apiKeyEnv === undefined) return config;
  const placeholder = keyPlaceholder(config.apiKeyEnv);
  const key = apiKeyFrom(config, env);
  if (key === undefined) return config;
  return mapFields(config, (s, inUrl) => (s.includes(placeholder) ? s.split(placeholder).join(inUrl ? encodeURIComponent(key) : key) : s));
}
