/**
 * Replies real OpenAI-compatible servers send, each driven by the fake
 * endpoint and given a defined outcome: tool calls written as text (the
 * server's tool parser off), a reply cut off at the token limit, content
 * null with no calls, several calls in one reply, a reused call id, several
 * or no choices, a refusal, a call of a tool the bot was not given.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { textToolCallFormat } from "../../src/llm/text-tool-calls.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { createLlmParts } from "../../src/run/bots/llm.js";
import { runScenario } from "../../src/run/scenario/trial.js";
import { runCli } from "../helpers/cli.js";
import type { Body, MockAnswer, MockServer, ReplySpec, Script } from "./mock-openai.js";
import { assistantCount, completion, isAgentRequest, startMockServer } from "./mock-openai.js";
import type { ReplyMode } from "./reply-modes.js";
import { applyMode } from "./reply-modes.js";
import { goldSteps, scenarioOf, userLine } from "./scenario-script.js";

const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
if (!evaDomain) throw new Error("eva_airline is not registered");
const NAMES = ["eva_airline__voluntary_date_change", "eva_airline__1_1_3"];
const entries = selectScenarios(loadCatalog(registry, {}, [evaDomain]), { scenarios: NAMES });
const entry = entries[0] as CatalogEntry;

/** The gold script of `entries`, the agent's replies changed by `agent` (step index → answer). */
function script(agent: (spec: ReplySpec, step: number) => MockAnswer): Script {
  const steps = new Map(entries.map((e) => [e.scenario.name, goldSteps(e)]));
  const users = new Map(entries.map((e) => [e.scenario.userPrompt(), e.scenario.name]));
  return (body: Body) => {
    if (!isAgentRequest(body)) return completion({ content: userLine(users.get(body.messages[0]?.content ?? "") ?? "?"), usage: { prompt_tokens: 50, completion_tokens: 5 } });
    const n = assistantCount(body);
    const own = steps.get(scenarioOf(body) ?? "") ?? [...steps.values()][0] ?? [];
    return agent(own[n] ?? { content: "I am not sure what to do." }, n);
  };
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function runOne(s: Script) {
  server = await startMockServer(s);
  const config = parseLlmConfig({ base_url: server.url, model: "mock-model", retries: 0, timeout_seconds: 5 }, "mock.yaml");
  const parts = createLlmParts({ agent: config, user: config });
  const out = await runScenario(entry, 1, botFactory({ agent: "llm", user: "llm", llm: parts.maker }), { seed: 0, minAgentTurns: 3 });
  return { out, requests: server.requests };
}

describe("tool calls written as text", () => {
  it.each([
    ['<tool_call>\n{"name": "GetReservationTool", "arguments": {"x": 1}}\n</tool_call>', "hermes"],
    ["<tool_call>\n<function=GetReservationTool>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>", "qwen3_coder"],
    ['<|python_tag|>{"name": "GetReservationTool", "parameters": {"x": 1}}', "llama3_json"],
    ['[TOOL_CALLS][{"name": "GetReservationTool", "arguments": {"x": 1}}]', "mistral"],
    ['{"name": "GetReservationTool", "parameters": {"x": 1}}', "json"],
    ['[{"name": "GetReservationTool", "arguments": {}}]', "json"],
  ])("%j is the %s form", (text, form) => {
    expect(textToolCallFormat(text, new Set(["GetReservationTool"]))).toBe(form);
  });

  it("plain speech, or JSON that names no offered tool, is not a tool call", () => {
    const tools = new Set(["GetReservationTool"]);
    expect(textToolCallFormat("Sure, let me look that up.", tools)).toBeUndefined();
    expect(textToolCallFormat('{"name": "Samantha", "arguments": {}}', tools)).toBeUndefined();
    expect(textToolCallFormat('{"name": "GetReservationTool"}', tools)).toBeUndefined();
  });

  it("a run against a server with its tool parser off: spoken as text, counted per scenario, named once in the console summary", async () => {
    const mode: ReplyMode = { kind: "tools_as_text", form: "hermes" };
    server = await startMockServer(script((spec) => completion(applyMode(spec, mode))));
    const dir = mkdtempSync(join(tmpdir(), "evalsim-text-calls-"));
    const cfg = join(dir, "llm.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\nretries: 0\ntimeout_seconds: 5\n`);
    const out = join(dir, "out");
    const run = await runCli(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--out", out, "--workers", "1"]);
    expect(run.code, run.stderr).toBe(1); // nothing was run: both scenarios fail
    const lines = run.stdout.split("\n").filter((l) => l.includes("tool calls as text"));
    expect(lines).toEqual([expect.stringMatching(/^the agent endpoint returned tool calls as text in \d+ replies: start vLLM with --enable-auto-tool-choice --tool-call-parser hermes$/)]);
    const runDir = join(out, run.stdout.split("\n")[0]?.split("/").at(-1) ?? "");
    const all = JSON.parse(readFileSync(join(runDir, "all_metrics.json"), "utf8")) as Record<string, unknown>[];
    const perScenario = (Array.isArray(all) ? all : Object.values(all)).map((m) => (m as { model_replies?: { agent?: { tool_calls_in_text?: number } } }).model_replies?.agent?.tool_calls_in_text);
    for (const n of perScenario) expect(n).toBeGreaterThan(0);
    expect(Number(/in (\d+) replies/.exec(lines[0] ?? "")?.[1])).toBe(perScenario.reduce((a, b) => (a ?? 0) + (b ?? 0), 0));
  });

  it("config check --ping says tool calling is not working, in which form, and which parser to start", async () => {
    server = await startMockServer(() => completion({ content: '<tool_call>\n{"name": "report_status", "arguments": {"status": "ok"}}\n</tool_call>' }));
    const dir = mkdtempSync(join(tmpdir(), "evalsim-ping-"));
    const cfg = join(dir, "llm.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\n`);
    const run = await runCli(["config", "check", cfg, "--ping"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tool calling: NOT working: the model wrote the tool call as text (hermes form) instead of calling it: the server's tool-call parser is off or wrong; start vLLM with --enable-auto-tool-choice --tool-call-parser hermes");
  });

  it("config check --ping sees past a reasoning model's thinking", async () => {
    server = await startMockServer(() => completion({ content: "<think>I am asked for my status.</think>All systems are fine." }));
    const dir = mkdtempSync(join(tmpdir(), "evalsim-ping-"));
    const cfg = join(dir, "llm.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\n`);
    const run = await runCli(["config", "check", cfg, "--ping"]);
    expect(run.stdout).toContain('tool calling: NOT working: the model answered in text: "All systems are fine."');
  });
});

describe("other replies real servers send", () => {
  it('finish_reason "length": the cut reply is spoken as far as it goes, noted and counted', async () => {
    const { out } = await runOne(script((spec, n) => completion(n === 0 ? { content: "Thank you for calling. How can I", finish_reason: "length" } : spec)));
    expect(out.transcript.find((e) => e.type === "model_reply")).toMatchObject({ side: "agent", finish_reason: "length" });
    expect(out.transcript.find((e) => e.type === "message")).toMatchObject({ side: "agent", text: "Thank you for calling. How can I" });
    expect((out.metrics["model_replies"] as { agent: { cut_off: number } }).agent.cut_off).toBe(1);
  });

  it("content null and no tool calls: the agent has gone silent (agent_ended), with no note", async () => {
    const { out } = await runOne(script((spec, n) => completion(n === 1 ? { content: null } : spec)));
    expect(out.metrics["stop_reason"]).toBe("agent_ended");
    expect(out.transcript.some((e) => e.type === "model_reply")).toBe(false);
    expect(out.metrics).not.toHaveProperty("model_replies");
  });

  it("only thinking, then nothing: counted as only thinking (dead air) and the agent ends", async () => {
    const { out } = await runOne(script((spec, n) => completion(n === 1 ? { content: null, reasoning_content: "I should look up the booking", finish_reason: "length" } : spec)));
    expect(out.transcript.find((e) => e.type === "model_reply")).toMatchObject({ reasoning: "I should look up the booking", only_thinking: true, finish_reason: "length" });
    expect(out.metrics["model_replies"]).toEqual({ agent: { with_thinking: 1, only_thinking: 1, tool_calls_in_text: 0, cut_off: 1, refusals: 0 } });
    expect(out.metrics["stop_reason"]).toBe("agent_ended");
  });

  it("several tool calls in one reply run in order; a reused id is kept as the model's id for each", async () => {
    const gold = goldSteps(entry);
    const calls = gold.slice(1, 3).flatMap((s) => s.calls ?? []).map((c) => ({ ...c, id: "dup" }));
    const { out, requests } = await runOne(script((spec, n) => completion(n === 1 ? { calls } : spec)));
    const made = out.transcript.filter((e) => e.type === "tool_call").slice(0, 2);
    expect(made.map((e) => (e.type === "tool_call" ? [e.id, e.model_call_id, e.name] : []))).toEqual([
      ["call_1", "dup", calls[0]?.name],
      ["call_2", "dup", calls[1]?.name],
    ]);
    // The model's next request holds both calls and both results under the id it gave them.
    const next = requests.filter(isAgentRequest)[2];
    expect(next?.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["dup", "dup"]);
  });

  it("several choices: the first is used and the count noted; no choices: an endpoint error naming it", async () => {
    const several = await runOne(script((spec, n) => completion(n === 0 ? { ...spec, choices: 3 } : spec)));
    expect(several.out.transcript.find((e) => e.type === "model_reply")).toMatchObject({ side: "agent", choices: 3 });
    expect(several.out.status).toBe("passed");
    await server?.stop();
    const none = await runOne(script((spec, n) => completion(n === 0 ? { ...spec, choices: 0 } : spec)));
    expect(none.out.status).toBe("errored");
    expect((none.out.metrics["error"] as { message: string }).message).toContain("the reply has no choices");
  });

  it("a refusal: noted and counted; its content, if any, is spoken", async () => {
    const { out } = await runOne(script((spec, n) => completion(n === 0 ? { content: null, refusal: "I can't help with that." } : spec)));
    expect(out.transcript.find((e) => e.type === "model_reply")).toMatchObject({ side: "agent", refusal: "I can't help with that." });
    expect((out.metrics["model_replies"] as { agent: { refusals: number } }).agent.refusals).toBe(1);
    expect(out.metrics["stop_reason"]).toBe("agent_ended");
  });

  it("a call of a tool the bot was not given: dispatched as unknown_tool, the error shown to the model", async () => {
    const { out, requests } = await runOne(script((spec, n) => completion(n === 1 ? { calls: [{ id: "x1", name: "TransferToHumanAgentTool_NOPE", arguments: "{}" }] } : spec)));
    const result = out.transcript.find((e) => e.type === "tool_result");
    expect(result).toMatchObject({ name: "TransferToHumanAgentTool_NOPE", status: "unknown_tool" });
    const shown = requests.filter(isAgentRequest)[2]?.messages.find((m) => m.role === "tool" && m.tool_call_id === "x1");
    expect(shown?.content).toContain("TransferToHumanAgentTool_NOPE");
  });
});
