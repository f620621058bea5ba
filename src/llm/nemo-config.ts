/**
 * A NeMo voice-agent server config (labs-Voice-Agent 1a83139,
 * `evaluation/server_configs/*.yaml`) read as an LLM config: its `llm:`
 * section says which endpoint and which request settings the harness uses,
 * its `tts:` section what of a reply is spoken. The harness's own reading,
 * which this follows (`nemo_voice_agent/pipecat/services/nemo/llm.py`,
 * `get_llm_service_from_config`, lines 707-847; `utils/config_manager.py`):
 *
 * - the whole file is resolved first (`OmegaConf.to_container(resolve=True)`,
 *   config_manager.py line 86), so `${llm.temperature}` is the value of
 *   `llm.temperature` (omegaconf.ts; nothing is evaluated);
 * - `type: vllm` reads `base_url` (default `http://localhost:8000/v1`),
 *   `model`, `api_key` and `vllm_generation_params`; `type: nvidia` reads
 *   `nvidia_generation_params`, default `base_url`
 *   `https://integrate.api.nvidia.com/v1`, and takes its key from
 *   `NVIDIA_API_KEY` (`NVIDIA_INFERENCE_API_KEY` for
 *   inference-api.nvidia.com); `hf`, and `auto` that cannot reach a server,
 *   run the model inside the voice server;
 * - only the generation params reach the request (pipecat 1.6
 *   `BaseOpenAILLMService.build_chat_completion_params`: frequency_penalty,
 *   presence_penalty, seed, temperature, top_p, max_tokens,
 *   max_completion_tokens, then `extra` merged over them); `top_k` there is
 *   ignored (pipecat never sends it), and the section's own `temperature`,
 *   `top_p`, … count only through references to them;
 * - `extra.extra_body` is the OpenAI client's `extra_body`, merged into the
 *   body; `enable_reasoning` reaches the server as
 *   `chat_template_kwargs.enable_thinking` exactly when the file's
 *   `extra_body` refers to it (as the shipped configs do), never otherwise;
 * - `system_role` is the role of the system prompt (config_manager.py
 *   line 298); `tts.think_tokens` and `tts.ignore_strings` are the TTS's
 *   (config_manager.py line 358; thinking.ts).
 *
 * A file of the generic agent's `llm_configs/` (no `llm:` section: it is
 * merged into one, config_manager.py lines 269-293) is read as that section.
 */
import { InterpolationError, resolveAt } from "./omegaconf.js";

/** A NeMo config evalsim cannot use: the key (as the file writes it) and what to do. */
export class NemoConfigError extends Error {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = "NemoConfigError";
  }
}

export interface NemoTranslation {
  /** The file's settings under evalsim's config keys. */
  readonly settings: Record<string, unknown>;
  /** Where the file holds each setting, for messages. */
  readonly fieldPath: (field: string) => string;
}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => v !== null && typeof v === "object" && !Array.isArray(v);

/** Keys that mark a file of `llm_configs/` (the contents of an `llm:` section). */
const FRAGMENT_KEYS = ["vllm_generation_params", "nvidia_generation_params", "generation_kwargs", "apply_chat_template_kwargs", "vllm_server_params"];

/** What pipecat's Settings take in the generation params, and the evalsim key each becomes (null: never sent). */
const PARAMS: Readonly<Record<string, string | null>> = {
  frequency_penalty: "frequency_penalty",
  presence_penalty: "presence_penalty",
  seed: "seed",
  temperature: "temperature",
  top_p: "top_p",
  top_k: null,
  max_tokens: "max_tokens",
  max_completion_tokens: "max_completion_tokens",
};

const VLLM_HINT =
  "evalsim needs an OpenAI-compatible endpoint: serve the model with vLLM (vllm serve MODEL --enable-auto-tool-choice --tool-call-parser PARSER [--reasoning-parser PARSER]), then set llm.type: vllm and llm.base_url: http://HOST:8000/v1";

/** The file as NeMo's section, or undefined when it is not a NeMo config. */
function sectionOf(data: unknown): { root: Mapping; fragment: boolean } | undefined {
  if (!isMapping(data)) return undefined;
  if (isMapping(data["llm"])) return { root: data, fragment: false };
  if (!("llm" in data) && FRAGMENT_KEYS.some((k) => k in data)) return { root: { llm: data }, fragment: true };
  return undefined;
}

/**
 * The evalsim settings of a NeMo server config (or llm_configs file), or
 * undefined when `data` is not one. Throws `NemoConfigError` naming the key
 * and the fix for a file evalsim cannot use.
 */
export function nemoServerConfig(data: unknown): NemoTranslation | undefined {
  const found = sectionOf(data);
  if (!found) return undefined;
  const { root, fragment } = found;
  const shown = (path: string): string => (fragment ? path.replace(/^llm\./, "") : path);
  const fail = (path: string, detail: string): never => {
    throw new NemoConfigError(shown(path), detail);
  };
  // `${oc.env:VAR}` as the key only names the variable (apiKey below); nothing else is resolved through a resolver.
  const rawLlm = root["llm"] as Mapping;
  const keyVar = envVarOf(rawLlm["api_key"]);
  const resolvable: Mapping = keyVar === undefined ? root : { ...root, llm: Object.fromEntries(Object.entries(rawLlm).filter(([k]) => k !== "api_key")) };
  const resolve = (path: string): unknown => {
    try {
      return resolveAt(resolvable, path);
    } catch (e) {
      if (e instanceof InterpolationError) return fail(e.path, e.message);
      throw e;
    }
  };
  const type = rawLlm["type"] ?? "auto";
  const rawUrl = rawLlm["base_url"];
  if (type === "hf" || (type === "auto" && rawUrl == null)) fail("llm.type", `${String(type)} without a base_url runs the model inside the voice server; ${VLLM_HINT}`);
  if (type !== "vllm" && type !== "nvidia" && type !== "auto") fail("llm.type", `unknown backend ${JSON.stringify(type)} (NeMo knows auto, hf, vllm, nvidia)`);
  if (rawLlm["model_config"] != null) fail("llm.model_config", "evalsim reads one file: copy the llm_configs file's settings into this llm: section");

  const llm = resolve("llm") as Mapping;
  const paths = new Map<string, string>();
  const out: Record<string, unknown> = {};
  const put = (key: string, value: unknown, path: string): void => {
    if (value === undefined) return;
    out[key] = value;
    paths.set(key, path);
  };

  const nvidia = type === "nvidia";
  put("base_url", llm["base_url"] ?? (nvidia ? "https://integrate.api.nvidia.com/v1" : "http://localhost:8000/v1"), "llm.base_url");
  if (typeof llm["model"] !== "string" || llm["model"] === "")
    fail("llm.model", fragment ? "missing: a NeMo llm_configs file is merged into a server config's llm: section, which names the model; add model: NAME (the model vLLM serves)" : "missing: add model: NAME (the model the server serves)");
  put("model", llm["model"], "llm.model");
  apiKey(keyVar, llm, nvidia, put, fail);

  const paramsKey = nvidia ? "nvidia_generation_params" : "vllm_generation_params";
  const params = llm[paramsKey];
  if (params != null && !isMapping(params)) fail(`llm.${paramsKey}`, "expected a mapping of request settings");
  for (const [k, v] of Object.entries((params as Mapping | null | undefined) ?? {})) {
    const at = `llm.${paramsKey}.${k}`;
    if (k === "extra") {
      if (v === null) continue;
      if (!isMapping(v)) fail(at, "must be a mapping (NeMo raises ValueError otherwise)");
      for (const [ek, ev] of Object.entries(v as Mapping)) {
        if (ek !== "extra_body") fail(`${at}.${ek}`, "evalsim sends only extra.extra_body of extra: put server fields under extra.extra_body");
        if (ev !== null) put("extra_body", ev, `${at}.extra_body`);
      }
      continue;
    }
    if (!(k in PARAMS)) fail(at, `not a generation setting pipecat takes (known: ${Object.keys(PARAMS).join(", ")}, extra)`);
    const key = PARAMS[k];
    // null is pipecat's "not given": not sent.
    if (key && v !== null) put(key, v, at);
  }
  if (llm["system_role"] != null) put("system_role", llm["system_role"], "llm.system_role");
  speech(root, resolve, put);
  const fieldPath = (f: string): string => {
    const [first = "", ...rest] = f.split(".");
    return shown([paths.get(first) ?? first, ...rest].join("."));
  };
  return { settings: out, fieldPath };
}

type Put = (key: string, value: unknown, path: string) => void;

const envVarOf = (written: unknown): string | undefined =>
  typeof written === "string" ? /^\$\{oc\.env:([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(written.trim())?.[1] : undefined;

const NVIDIA_KEY_VARS: Readonly<Record<string, string>> = {
  "https://integrate.api.nvidia.com/v1": "NVIDIA_API_KEY",
  "https://inference-api.nvidia.com/v1": "NVIDIA_INFERENCE_API_KEY",
};

/**
 * `api_key`: none for "EMPTY", "None" or empty; `${oc.env:VAR}` names the
 * variable; a literal key is refused. `type: nvidia` reads its key from the
 * environment for NVIDIA's hosted URLs (llm.py lines 804-821).
 */
function apiKey(keyVar: string | undefined, llm: Mapping, nvidia: boolean, put: Put, fail: (path: string, detail: string) => never): void {
  if (llm["api_key_env"] != null) return put("api_key_env", llm["api_key_env"], "llm.api_key_env");
  if (keyVar !== undefined) return put("api_key_env", keyVar, "llm.api_key");
  const key = llm["api_key"];
  const none = key === undefined || key === null || key === "EMPTY" || key === "None" || key === "";
  if (!none) fail("llm.api_key", "a literal key is refused (evalsim never keeps a key in a file): remove it and name the environment variable that holds it with api_key_env: VAR");
  const hosted = nvidia ? NVIDIA_KEY_VARS[String(llm["base_url"] ?? "https://integrate.api.nvidia.com/v1")] : undefined;
  if (hosted !== undefined) put("api_key_env", hosted, "llm.type");
}

/** `tts.think_tokens` (absent or null: the harness's TTS strips nothing) and `tts.ignore_strings`. */
function speech(root: Mapping, resolve: (path: string) => unknown, put: Put): void {
  const tts = isMapping(root["tts"]) ? (resolve("tts") as Mapping) : {};
  put("think_tokens", tts["think_tokens"] ?? null, "tts.think_tokens");
  if (tts["ignore_strings"] != null) put("ignore_strings", tts["ignore_strings"], "tts.ignore_strings");
}
