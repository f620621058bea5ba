/**
 * Reasoning models end to end, against a fake endpoint in two modes: thinking
 * inline in `content` between <think> tags, and thinking in the
 * `reasoning_content` / `reasoning` field. The other side, the voice
 * channel, voice_readability and the judge get only the spoken text; the
 * transcript keeps the thinking in its own event; reasoning tokens reach the
 * token usage where the server reports them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { JUDGE_SCENARIO_PROMPT } from "../../src/llm/judge-prompt.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { createLlmParts } from "../../src/run/bots/llm.js";
import { runScenario } from "../../src/run/scenario/trial.js";
import { computeTotals } from "../../src/run/summary/aggregate.js";
import type { Body, MockServer, ReplySpec, Script } from "./mock-openai.js";
import { assistantCount, completion, isAgentRequest, startMockServer } from "./mock-openai.js";
import type { ReplyMode } from "./reply-modes.js";
import { applyMode } from "./reply-modes.js";
import { goldSteps, scenarioOf, userLine } from "./scenario-script.js";

const AGENT_THOUGHT = "AGENT-THOUGHT: the caller wants to rebook, check the fare rules";
const USER_THOUGHT = "USER-THOUGHT: I should mention my booking";

function entryOf(domain: string, name: string): CatalogEntry {
  const d = registry.domains.find((x) => x.name === domain);
  if (!d) throw new Error(`${domain} is not registered`);
  return selectScenarios(loadCatalog(registry, {}, [d]), { scenarios: [name] })[0] as CatalogEntry;
}
const eva = entryOf("eva_airline", "eva_airline__voluntary_date_change");

/** Assistant replies so far: a reply of thinking and tool calls is two messages in the context (its text, then the call). */
const repliesSoFar = (body: Body): number => assistantCount(body) - body.messages.filter((m) => m.role === "assistant" && /^<think>[\s\S]*<\/think>$/.test(m.content ?? "")).length;

/** Gold steps for the agent and one line for the user, each reply put through its side's mode; the judge passes everything. */
function script(entry: CatalogEntry, agentMode: ReplyMode | undefined, userMode: ReplyMode | undefined): Script {
  const steps = goldSteps(entry);
  return (body: Body) => {
    if (body.messages[0]?.content === JUDGE_SCENARIO_PROMPT) {
      const verdicts = entry.scenario.nlAssertions.map((a, i) => ({ index: i + 1, assertion: a, passed: true, reason: "ok" }));
      return completion({ content: JSON.stringify({ score: 1, reason: "ok", nl_assertion_verdicts: verdicts }) });
    }
    const mode = isAgentRequest(body) ? agentMode : userMode;
    const spec: ReplySpec = isAgentRequest(body)
      ? repliesSoFar(body) === 0 || scenarioOf(body) === entry.scenario.name
        ? (steps[repliesSoFar(body)] ?? { content: "I am not sure what to do." })
        : { content: "I did not catch which booking." }
      : { content: userLine(entry.scenario.name), usage: { prompt_tokens: 50, completion_tokens: 5 } };
    return completion(mode ? applyMode(spec, mode) : spec);
  };
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function run(entry: CatalogEntry, s: Script, opts: { channel?: string; judge?: boolean } = {}) {
  server = await startMockServer(s);
  const config = parseLlmConfig({ base_url: server.url, model: "mock-model", retries: 0, timeout_seconds: 5 }, "mock.yaml");
  const parts = createLlmParts({ agent: config, user: config, ...(opts.judge ? { judge: config } : {}) });
  const bots = botFactory({ agent: "llm", user: "llm", llm: parts.maker, ...(parts.judge ? { judge: parts.judge } : {}) });
  const out = await runScenario(entry, 1, bots, { seed: 0, minAgentTurns: 3, ...(opts.channel ? { channel: opts.channel } : {}) });
  return { out, requests: server.requests };
}

const text = (v: unknown): string => JSON.stringify(v);
const agentRequests = (rs: Body[]): Body[] => rs.filter(isAgentRequest);
const userRequests = (rs: Body[]): Body[] => rs.filter((b) => !isAgentRequest(b) && b.messages[0]?.content !== JUDGE_SCENARIO_PROMPT);

const MODES: [string, ReplyMode, ReplyMode][] = [
  ["thinking inline between <think> tags", { kind: "think_tags", thought: AGENT_THOUGHT }, { kind: "think_tags", thought: USER_THOUGHT }],
  ["thinking in reasoning_content", { kind: "reasoning_field", field: "reasoning_content", thought: AGENT_THOUGHT, reasoningTokens: 40 }, { kind: "reasoning_field", field: "reasoning", thought: USER_THOUGHT, reasoningTokens: 12 }],
];

describe.each(MODES)("a reasoning model, %s", (_label, agentMode, userMode) => {
  it("speaks only its answers: the other side, the transcript's messages and voice_readability hold no thinking; the run still passes", async () => {
    const plain = await run(eva, script(eva, undefined, undefined));
    await server?.stop();
    const { out, requests } = await run(eva, script(eva, agentMode, userMode));
    expect(out.status, JSON.stringify([out.metrics["stop_reason"], out.metrics["success_breakdown"], out.transcript.slice(0, 8)])).toBe("passed");
    // The user model never sees the agent's thinking, nor the agent the user's.
    for (const b of userRequests(requests)) expect(text(b.messages)).not.toContain("AGENT-THOUGHT");
    for (const b of agentRequests(requests)) expect(text(b.messages)).not.toContain("USER-THOUGHT");
    const messages = out.transcript.filter((e) => e.type === "message");
    expect(messages.map((m) => (m.type === "message" ? m.text : ""))).toEqual(plain.out.transcript.flatMap((e) => (e.type === "message" ? [e.text] : [])));
    expect(out.metrics["voice_readability"]).toEqual(plain.out.metrics["voice_readability"]);
    expect(out.metrics["turns"]).toEqual(plain.out.metrics["turns"]);
  });

  it("records the thinking in model_reply events, counts it, and reports reasoning tokens where the server does", async () => {
    const { out } = await run(eva, script(eva, agentMode, userMode));
    const notes = out.transcript.filter((e) => e.type === "model_reply");
    const field = agentMode.kind === "think_tags" ? "thinking" : "reasoning";
    const agentNotes = notes.filter((n) => n.side === "agent");
    const agentReplies = (out.metrics["token_usage"] as { agent: { requests: number } }).agent.requests;
    expect(agentNotes).toHaveLength(agentReplies);
    for (const n of agentNotes) expect((n as unknown as Record<string, string>)[field]).toContain(AGENT_THOUGHT);
    expect(notes.filter((n) => n.side === "user").length).toBeGreaterThan(0);
    // Tool-call replies carry thinking and a call: thinking, but not only thinking.
    const counts = out.metrics["model_replies"] as Record<string, Record<string, number>>;
    expect(counts["agent"]?.["with_thinking"]).toBe(agentReplies);
    expect(counts["agent"]?.["only_thinking"]).toBe(0);
    const usage = out.metrics["token_usage"] as Record<string, Record<string, unknown>>;
    if (agentMode.kind === "think_tags") {
      expect(usage["agent"]).not.toHaveProperty("reasoning");
    } else {
      expect(usage["agent"]?.["reasoning"]).toBe(40 * agentReplies);
      expect(usage["user"]?.["reasoning"]).toBe(12 * (usage["user"]?.["requests"] as number));
      const totals = computeTotals([out.metrics], 1);
      expect(totals.spend?.total?.reasoning).toBe(40 * agentReplies + 12 * (usage["user"]?.["requests"] as number));
    }
  });

  it("the voice channel hears only the spoken text", async () => {
    const { out } = await run(eva, script(eva, agentMode, userMode), { channel: "light" });
    const heard = out.transcript.filter((e) => e.type === "message");
    expect(heard.length).toBeGreaterThan(0);
    expect(text(heard)).not.toMatch(/AGENT-THOUGHT|USER-THOUGHT|<think>/);
  });
});

describe("the judge of a reasoning model's conversation", () => {
  it("reads contexts without thinking; the agent's own context keeps it as pipecat's aggregator does", async () => {
    const retail = entryOf("tau2_retail", "tau2_retail__2");
    expect(retail.scenario.nlAssertions.length).toBeGreaterThan(0);
    const { out, requests } = await run(retail, script(retail, { kind: "think_tags", thought: AGENT_THOUGHT }, { kind: "think_tags", thought: USER_THOUGHT }), { judge: true });
    const judge = requests.filter((b) => b.messages[0]?.content === JUDGE_SCENARIO_PROMPT);
    expect(judge).toHaveLength(1);
    expect(text(judge[0]?.messages)).not.toMatch(/AGENT-THOUGHT|USER-THOUGHT|<think>/);
    expect(text(judge[0]?.messages)).toContain("Thank you for calling");
    // The model itself saw its own thinking in its context, as the harness's agent does.
    const lastAgent = agentRequests(requests).at(-1);
    expect(text(lastAgent?.messages)).toContain(`<think>${AGENT_THOUGHT}</think>`);
    expect(out.judgeResult?.["score"]).toBe(1);
  });
});
