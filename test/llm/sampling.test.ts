import { mkdtempSync, writeFileSync } from "node:fs";
import { join as joinPath } from "node:path";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import type { MockServer } from "./mock-openai.js";
import { completion, isAgentRequest, startMockServer } from "./mock-openai.js";
import { cassetteKey } from "../../src/llm/cassette.js";
import { requestBody } from "../../src/llm/client.js";
import { LlmConfigError, loadLlmConfig, parseLlmConfig } from "../../src/llm/config.js";
import { provenanceOf } from "../../src/llm/provenance.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-sampling-"));
let n = 0;
const file = (text: string): string => {
  const path = join(dir, `s${++n}.yaml`);
  writeFileSync(path, text);
  return path;
};
const errorOf = (text: string): string => {
  try {
    loadLlmConfig(file(text));
  } catch (e) {
    if (e instanceof LlmConfigError) return e.message;
    throw e;
  }
  throw new Error("expected an LlmConfigError");
};

const BASE = "base_url: http://127.0.0.1:8000/v1\nmodel: m\n";
const TOOL = { type: "function", function: { name: "T", parameters: { type: "object", properties: {} } } };
const request = { messages: [{ role: "user" as const, content: "Hi" }], tools: [TOOL] };

const FULL =
  BASE +
  "temperature: 0.6\ntop_p: 0.95\ntop_k: 20\nmin_p: 0.05\nfrequency_penalty: -0.5\npresence_penalty: 1.5\nmax_completion_tokens: 5000\n" +
  'stop: ["</answer>", "User:"]\ntool_choice: required\nparallel_tool_calls: false\n' +
  "extra_body:\n  chat_template_kwargs:\n    enable_thinking: true\n  thinking_token_budget: 3000\n";

describe("sampling settings", () => {
  it("are each sent under their own name, extra_body merged into the body, after the original settings", () => {
    const body = requestBody(loadLlmConfig(file(FULL)), request);
    expect(body).toEqual({
      model: "m",
      messages: request.messages,
      tools: [TOOL],
      temperature: 0.6,
      top_p: 0.95,
      top_k: 20,
      min_p: 0.05,
      frequency_penalty: -0.5,
      presence_penalty: 1.5,
      max_completion_tokens: 5000,
      stop: ["</answer>", "User:"],
      tool_choice: "required",
      parallel_tool_calls: false,
      chat_template_kwargs: { enable_thinking: true },
      thinking_token_budget: 3000,
    });
  });

  it("tool_choice and parallel_tool_calls go only with a request that offers tools (the judge's offers none)", () => {
    const body = requestBody(loadLlmConfig(file(FULL)), { messages: request.messages });
    expect(body).not.toHaveProperty("tool_choice");
    expect(body).not.toHaveProperty("parallel_tool_calls");
    expect(body).not.toHaveProperty("tools");
    expect(body["top_p"]).toBe(0.95);
  });

  it("a named tool_choice is accepted in the OpenAI form", () => {
    const c = loadLlmConfig(file(BASE + "tool_choice:\n  type: function\n  function:\n    name: T\n"));
    expect(requestBody(c, request)["tool_choice"]).toEqual({ type: "function", function: { name: "T" } });
  });

  it("are in the cassette key: each setting changes it", () => {
    const plain = cassetteKey(requestBody(loadLlmConfig(file(BASE)), request));
    for (const line of ["top_p: 0.9", "top_k: 5", "min_p: 0.1", "frequency_penalty: 0.1", "presence_penalty: 0.1", "max_completion_tokens: 9", "stop: x", "tool_choice: auto", "parallel_tool_calls: true", "extra_body: {a: 1}"]) {
      expect(cassetteKey(requestBody(loadLlmConfig(file(BASE + line + "\n")), request)), line).not.toBe(plain);
    }
  });

  it("a config that sets none of them reads, sends and hashes exactly as before", () => {
    const c = parseLlmConfig({ base_url: "http://llm.test/v1", model: "m", temperature: 0.5, seed: 7 }, "t.yaml");
    expect(Object.keys(c)).not.toContain("sampling");
    expect(Object.keys(c)).not.toContain("speech");
    // The key test/llm/cassette.test.ts pins (computed with python3) for the same body.
    const body = requestBody(c, { messages: [{ role: "system", content: "Zoë says hi" }, { role: "user", content: "Hello" }], tools: [TOOL] });
    expect(cassetteKey(body)).toBe("8d76ccfc65f888f365f6a434d153d29274be7af525e7e288515f60a2954dbf41");
    expect(provenanceOf(c)).toEqual({ model: "m", base_url: "http://llm.test/v1", temperature: 0.5, seed: 7, max_connections: 16, timeout_seconds: 60, retries: 3, max_reply_bytes: 1000000 });
  });

  it("appear in the provenance (run_config.json, config check) under their config names", () => {
    const p = provenanceOf(loadLlmConfig(file(FULL)));
    expect(p).toMatchObject({ top_p: 0.95, top_k: 20, min_p: 0.05, frequency_penalty: -0.5, presence_penalty: 1.5, max_completion_tokens: 5000, stop: ["</answer>", "User:"], tool_choice: "required", parallel_tool_calls: false });
    expect(p["extra_body"]).toEqual({ chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 3000 });
  });

  it.each([
    ["top_p: 1.5", "top_p"],
    ["top_p: -0.1", "top_p"],
    ["top_k: 2.5", "top_k"],
    ["top_k: -2", "top_k"],
    ["min_p: 2", "min_p"],
    ["frequency_penalty: 3", "frequency_penalty"],
    ["presence_penalty: -2.5", "presence_penalty"],
    ["max_completion_tokens: 0", "max_completion_tokens"],
    ["stop: []", "stop"],
    ['stop: [""]', "stop"],
    ["tool_choice: sometimes", "tool_choice"],
    ["parallel_tool_calls: yes", "parallel_tool_calls"],
    ["extra_body: [1]", "extra_body"],
    ["extra_body: {messages: []}", "extra_body"],
    ["extra_body: {top_p: 0.5}", "extra_body"],
    ["think_tokens: [\"<think>\"]", "think_tokens"],
    ["system_role: assistant", "system_role"],
  ])("%s is refused naming the field", (line, field) => {
    expect(errorOf(BASE + line + "\n")).toMatch(new RegExp(`s\\d+\\.yaml: ${field}(\\.[^:]*)?: `));
  });

  it("extra_body may not hold a credential (it would be recorded), and the message never shows it", () => {
    for (const body of ['{api_key: "sk-abc123xyz"}', '{auth: {access_token: "tok-abc123xyz"}}', '{headers: [{client_secret: "s-abc123xyz"}]}']) {
      const message = errorOf(BASE + `extra_body: ${body}\n`);
      expect(message).toMatch(/extra_body: extra_body\.\S+ looks like a credential: .* api_key_env \(found a mapping\)$/);
      expect(message).not.toContain("abc123xyz");
    }
    expect(() => loadLlmConfig(file(BASE + "extra_body: {thinking_token_budget: 3000, max_tokens_per_doc: 2}\n"))).not.toThrow();
  });

  it("extra_body may not set a field evalsim fills, and says which setting to use instead", () => {
    expect(errorOf(BASE + "extra_body: {top_p: 0.5}\n")).toContain('must not set "top_p" (evalsim fills it; use the top_p setting)');
    expect(errorOf(BASE + "extra_body: {stream: true}\n")).toContain('must not set "stream"');
  });
});

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("sampling settings in a run", () => {
  it("reach every request, run_config.json and the cassette entries' requests", async () => {
    server = await startMockServer((body) => completion(isAgentRequest(body) ? { content: null, calls: [{ name: "EndConversationTool", arguments: "{}" }] } : { content: "Hello." }));
    const cfg = file(FULL.replace("base_url: http://127.0.0.1:8000/v1", `base_url: ${server.url}`) + "retries: 0\n");
    const out = joinPath(dir, "out");
    const cassettes = joinPath(dir, "cassettes");
    const run = await runCli(["run", "--scenarios", "eva_airline__voluntary_date_change", "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--cassettes", cassettes, "--out", out]);
    // Only where the model requests go is said.
    expect(run.stderr).toBe(`model requests go to ${new URL(server.url).host} (agent), ${new URL(server.url).host} (user)\n`);
    const sent = server.requests[0] ?? {};
    expect(sent).toMatchObject({ top_p: 0.95, top_k: 20, min_p: 0.05, max_completion_tokens: 5000, stop: ["</answer>", "User:"], tool_choice: "required", parallel_tool_calls: false, chat_template_kwargs: { enable_thinking: true }, thinking_token_budget: 3000 });
    const runDir = joinPath(out, readdirSync(out)[0] ?? "");
    const config = JSON.parse(readFileSync(joinPath(runDir, "run_config.json"), "utf8")) as Record<string, unknown>;
    expect(JSON.stringify(config)).toContain('"extra_body":{"chat_template_kwargs":{"enable_thinking":true},"thinking_token_budget":3000}');
    expect(JSON.stringify(config)).toContain('"top_p":0.95');
    const entries = readdirSync(cassettes, { recursive: true }).filter((f) => String(f).endsWith(".json"));
    expect(entries.length).toBe(server.requests.length);
    for (const f of entries) {
      const entry = JSON.parse(readFileSync(joinPath(cassettes, String(f)), "utf8")) as { key: string; request: Record<string, unknown> };
      expect(entry.request["top_p"]).toBe(0.95);
      expect(entry.key).toBe(cassetteKey(entry.request as never));
    }
  });
});
