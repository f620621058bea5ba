/**
 * NeMo's own shipped server configs and LLM configs (labs-Voice-Agent
 * 1a83139, unmodified, under the data root's upstream/nemo-1a83139/), each
 * read by `evalsim config check` into the settings a run would use, or
 * refused with one line naming the key and the fix. The expected values were
 * read off the YAML files by hand.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { LlmConfigError, loadLlmConfig } from "../../src/llm/config.js";
import { runCli } from "../helpers/cli.js";

const NEMO = join(resolveDataRoot({ mustContain: "upstream/nemo-1a83139" }), "upstream", "nemo-1a83139");

const THINK = { think_tokens: ["<think>", "</think>"], ignore_strings: ["*", "<unk>"] };
const common = { seed: 42, frequency_penalty: 0, presence_penalty: 0, system_role: "system" };

/** What `config check` prints for each shipped server config. */
const SERVER: Record<string, Record<string, unknown>> = {
  "agent.yaml": {
    model: "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4",
    base_url: "http://localhost:8000/v1",
    ...common,
    temperature: 0.6,
    top_p: 0.95,
    max_completion_tokens: 5000,
    extra_body: { chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 3000 },
    ...THINK,
  },
  "agent_nvidia.yaml": {
    model: "nvidia/nemotron-3-nano-30b-a3b",
    base_url: "https://integrate.api.nvidia.com/v1",
    // The variable that holds the key (its name, never the key): what a resumed run reads it from.
    api_key_env: "NVIDIA_API_KEY",
    ...common,
    temperature: 0.6,
    top_p: 0.95,
    max_completion_tokens: 5000,
    extra_body: { chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 3000 },
    think_tokens: null,
  },
  "agent_nvidia_omni.yaml": {
    model: "nvidia/Nemotron-3-Nano-Omni-30B-A3B-Reasoning-NVFP4",
    base_url: "http://localhost:8000/v1",
    ...common,
    temperature: 0.2,
    max_completion_tokens: 5000,
    extra_body: { chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 3000 },
    ...THINK,
  },
  "user.yaml": {
    model: "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4",
    base_url: "http://localhost:8000/v1",
    ...common,
    temperature: 0.6,
    top_p: 0.95,
    max_completion_tokens: 6000,
    extra_body: { chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 5000 },
    ...THINK,
  },
  "user_nvidia.yaml": {
    model: "nvidia/nemotron-3-super-120b-a12b",
    base_url: "https://integrate.api.nvidia.com/v1",
    // The variable that holds the key (its name, never the key): what a resumed run reads it from.
    api_key_env: "NVIDIA_API_KEY",
    ...common,
    temperature: 0.6,
    top_p: 0.95,
    max_completion_tokens: 512,
    extra_body: { chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 256 },
    think_tokens: null,
  },
};

/** Each llm_configs file: the request settings it gives once a model is named, and its extra_body. */
const FRAGMENTS: Record<string, { temperature: number; top_p?: number; max_completion_tokens: number; extra_body?: unknown }> = {
  "hf_llm_generic.yaml": { temperature: 0.7, top_p: 0.8, max_completion_tokens: 256 },
  "llama3.1-8B-instruct.yaml": { temperature: 0.7, top_p: 0.8, max_completion_tokens: 256 },
  "nemotron_nano_v2.yaml": { temperature: 0.7, top_p: 0.9, max_completion_tokens: 256 },
  "nemotron_nano_v3.yaml": { temperature: 0.6, top_p: 0.95, max_completion_tokens: 1024, extra_body: { chat_template_kwargs: { enable_thinking: false } } },
  // top_p: null there: pipecat's "not given".
  "nemotron_nano_v3_omni.yaml": { temperature: 0.2, max_completion_tokens: 1024, extra_body: { chat_template_kwargs: { enable_thinking: false } } },
  "nemotron_nano_v3_omni_think.yaml": { temperature: 0.6, top_p: 0.95, max_completion_tokens: 4096, extra_body: { chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 2048 } },
  "nemotron_nano_v3_think.yaml": { temperature: 0.6, top_p: 0.95, max_completion_tokens: 4096, extra_body: { chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 2048 } },
  "qwen2.5-7B.yaml": { temperature: 0.7, top_p: 0.8, max_completion_tokens: 256 },
  "qwen3-8B.yaml": { temperature: 0.7, top_p: 0.8, max_completion_tokens: 256, extra_body: { chat_template_kwargs: { enable_thinking: false } } },
  "qwen3-8B_think.yaml": { temperature: 0.7, top_p: 0.8, max_completion_tokens: 256 },
};

const printed = (stdout: string): Record<string, unknown> => JSON.parse(stdout.slice(stdout.indexOf("{"), stdout.lastIndexOf("}") + 1)) as Record<string, unknown>;

describe("NeMo's shipped configs", () => {
  it("the data root holds exactly the 15 files this test covers", () => {
    expect(readdirSync(join(NEMO, "server_configs")).sort()).toEqual(Object.keys(SERVER).sort());
    expect(readdirSync(join(NEMO, "llm_configs")).sort()).toEqual(Object.keys(FRAGMENTS).sort());
  });

  it.each(Object.entries(SERVER))("server_configs/%s: config check prints the endpoint, model, sampling and extra body", async (name, expected) => {
    const path = join(NEMO, "server_configs", name);
    const run = await runCli(["config", "check", path], { env: { NVIDIA_API_KEY: "nvapi-test-not-printed" } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`${path}: valid\n`);
    expect(run.stdout).not.toContain("nvapi-test");
    expect(printed(run.stdout)).toEqual({ ...expected, max_connections: 16, timeout_seconds: 60, retries: 3, max_reply_bytes: 1000000 });
  });

  it("the NVIDIA API catalog configs take their key from NVIDIA_API_KEY, as the harness does", async () => {
    const run = await runCli(["config", "check", join(NEMO, "server_configs", "user_nvidia.yaml")], { env: {} });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("warning: api_key_env names NVIDIA_API_KEY, which is not set");
    expect(loadLlmConfig(join(NEMO, "server_configs", "agent.yaml")).apiKeyEnv).toBeUndefined();
  });

  it.each(Object.keys(FRAGMENTS))("llm_configs/%s: refused in one line naming model and the fix", async (name) => {
    const path = join(NEMO, "llm_configs", name);
    const run = await runCli(["config", "check", path]);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${path}: model: missing: a NeMo llm_configs file is merged into a server config's llm: section, which names the model; add model: NAME`);
  });

  it.each(Object.entries(FRAGMENTS))("llm_configs/%s with a model added: its references resolve into the request settings", (name, expected) => {
    const dir = mkdtempSync(join(tmpdir(), "evalsim-nemo-"));
    const path = join(dir, name);
    writeFileSync(path, readFileSync(join(NEMO, "llm_configs", name), "utf8") + "\nmodel: served-model\n");
    const c = loadLlmConfig(path);
    expect(c.baseUrl).toBe("http://localhost:8000/v1");
    expect(c.temperature).toBe(expected.temperature);
    expect(c.seed).toBe(42);
    expect(c.sampling?.top_p).toBe(expected.top_p);
    expect(c.sampling?.max_completion_tokens).toBe(expected.max_completion_tokens);
    expect(c.sampling?.top_k).toBeUndefined(); // pipecat never sends top_k
    expect(c.sampling?.extra_body).toEqual(expected.extra_body);
    expect(c.speech).toEqual({ thinkTokens: null }); // no tts: section, no think_tokens: the harness strips nothing
  });
});

describe("NeMo server config refusals", () => {
  const dir = mkdtempSync(join(tmpdir(), "evalsim-nemo-bad-"));
  let n = 0;
  const agentYaml = readFileSync(join(NEMO, "server_configs", "agent.yaml"), "utf8");
  /** agent.yaml with one line of its llm: section replaced. */
  const variant = (from: RegExp, to: string): string => {
    const text = agentYaml.replace(from, to);
    expect(text).not.toBe(agentYaml);
    const path = join(dir, `v${++n}.yaml`);
    writeFileSync(path, text);
    return path;
  };
  const refusal = (path: string): string => {
    try {
      loadLlmConfig(path);
    } catch (e) {
      if (e instanceof LlmConfigError) return e.message;
      throw e;
    }
    throw new Error("expected a refusal");
  };

  it("type hf, or auto without a base_url, says evalsim needs an endpoint and how to start vLLM", () => {
    expect(refusal(variant(/type: vllm/, "type: hf"))).toMatch(/v\d+\.yaml: llm\.type: hf without a base_url runs the model inside the voice server; evalsim needs an OpenAI-compatible endpoint: serve the model with vLLM \(vllm serve MODEL/);
    expect(refusal(variant(/type: vllm(.*)\n([\s\S]*?)  base_url: "http:\/\/localhost:8000\/v1"/, "type: auto$1\n$2"))).toContain("llm.type: auto without a base_url");
    expect(() => loadLlmConfig(variant(/type: vllm/, "type: auto"))).not.toThrow();
  });

  it("a literal API key is refused, pointing at api_key_env; EMPTY and ${oc.env:VAR} are not", () => {
    expect(refusal(variant(/api_key: "EMPTY"/, 'api_key: "sk-live-abc123"'))).toMatch(/llm\.api_key: a literal key is refused .* api_key_env: VAR$/);
    expect(refusal(variant(/api_key: "EMPTY"/, 'api_key: "sk-live-abc123"'))).not.toContain("sk-live");
    expect(loadLlmConfig(variant(/api_key: "EMPTY"/, 'api_key: "${oc.env:MY_VLLM_KEY}"')).apiKeyEnv).toBe("MY_VLLM_KEY");
  });

  it("references: a missing key, a loop and a resolver are refused naming where; nothing is evaluated", () => {
    expect(refusal(variant(/temperature: \$\{llm\.temperature\}/, "temperature: ${llm.no_such_key}"))).toContain("llm.vllm_generation_params.temperature: ${llm.no_such_key}: no such key in the file");
    expect(refusal(variant(/temperature: 0\.6/, "temperature: ${llm.vllm_generation_params.temperature}"))).toContain("loops back on itself");
    expect(refusal(variant(/seed: 42/, "seed: ${oc.env:HOME}"))).toContain("resolvers are not supported");
    expect(refusal(variant(/seed: 42/, 'seed: "${python:__import__(\'os\')}"'))).toContain("resolvers are not supported");
  });

  it("a bad value names its place in the NeMo file", () => {
    expect(refusal(variant(/top_p: 0\.95/, "top_p: 1.5"))).toMatch(/v\d+\.yaml: llm\.vllm_generation_params\.top_p: .*found 1\.5/);
    expect(refusal(variant(/thinking_token_budget: 3000/, "thinking_token_budget: 3000\n        stream: true"))).toContain('llm.vllm_generation_params.extra.extra_body: must not set "stream"');
  });

  it("a reference inside longer text becomes Python's str() of the value", () => {
    const c = loadLlmConfig(variant(/thinking_token_budget: 3000/, 'thinking_token_budget: 3000\n        note: "thinking=${llm.enable_reasoning} t=${llm.temperature}"'));
    expect(c.sampling?.extra_body?.["note"]).toBe("thinking=True t=0.6");
  });
});
