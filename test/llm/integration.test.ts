/**
 * The LLM bots against a scripted OpenAI-compatible server on 127.0.0.1:
 * real HTTP, real scenarios from the catalog, deterministic replies.
 */
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { LlmConfig } from "../../src/llm/config.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { createLlmParts } from "../../src/run/bots/llm.js";
import { runScenario } from "../../src/run/scenario/trial.js";
import type { MockServer, Script } from "./mock-openai.js";
import { startMockServer } from "./mock-openai.js";
import { GREETING, goldSteps, playEntries, userLine } from "./scenario-script.js";

const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
if (!evaDomain) throw new Error("eva_airline is not registered");
const catalog = loadCatalog(registry, {}, [evaDomain]);
const [entry] = selectScenarios(catalog, { scenarios: ["eva_airline__voluntary_date_change"] }) as [CatalogEntry];

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function cfg(url: string, extra: Record<string, unknown> = {}): LlmConfig {
  return parseLlmConfig({ base_url: url, model: "mock-model", temperature: 0, seed: 11, retries: 2, backoff_seconds: 0.25, timeout_seconds: 5, ...extra }, "mock.yaml");
}

async function run(script: Script, extra: Record<string, unknown> = {}) {
  server = await startMockServer(script);
  const waits: number[] = [];
  const config = cfg(server.url, extra);
  const parts = createLlmParts({ agent: config, user: config }, { sleep: (ms) => (waits.push(ms), Promise.resolve()) });
  const bots = botFactory({ agent: "llm", user: "llm", llm: parts.maker });
  const out = await runScenario(entry, 1, bots, { seed: 0, minAgentTurns: 3 });
  return { out, waits, requests: server.requests };
}

describe("LLM bots against a mock endpoint", () => {
  it("replays the gold calls as tool calls and reaches a clean, passing exit", async () => {
    const steps = goldSteps(entry);
    const { out, requests } = await run(playEntries([entry]));
    expect(out.status).toBe("passed");
    expect(out.metrics["stop_reason"]).toBe("[EXIT]");
    expect(out.metrics["db_state_match"]).toBe(true);
    // One request per agent step, one for the user's single line.
    expect(requests).toHaveLength(steps.length + 1);
    // The token totals are the sums of what the mock reported (100/10 per agent reply, 50/5 per user reply).
    expect(out.metrics["token_usage"]).toEqual({
      agent: { n_calls: steps.length, requests: steps.length, prompt: 100 * steps.length, completion: 10 * steps.length },
      user: { n_calls: 1, requests: 1, prompt: 50, completion: 5 },
    });
    // The model's own call ids are kept next to the conversation's.
    const calls = out.transcript.filter((e) => e.type === "tool_call");
    expect(calls[0]).toMatchObject({ id: "call_1", model_call_id: "gold_0" });

    const [first, second] = requests;
    expect(first?.messages).toEqual([
      { role: "system", content: entry.scenario.agentPrompt() },
      { role: "user", content: "Hello" },
    ]);
    expect(first?.tools?.map((t) => t.function.name)).toEqual(entry.domain.tools.agent.map((t) => t.name));
    expect(first).toMatchObject({ model: "mock-model", temperature: 0, seed: 11 });
    // The eva user has no tools.
    expect(second?.messages).toEqual([
      { role: "system", content: entry.scenario.userPrompt() },
      { role: "user", content: GREETING },
    ]);
    expect(second?.tools).toBeUndefined();

    // Each tool result goes back to the model under the call's id.
    const results = out.transcript.filter((e) => e.type === "tool_result");
    expect(results).toHaveLength(steps.length - 1);
    const afterFirstCall = requests[3];
    expect(afterFirstCall?.messages.slice(3)).toMatchObject([{ role: "user", content: userLine(entry.scenario.name) }, { role: "assistant", tool_calls: [{ id: "gold_0" }] }, { role: "tool", tool_call_id: "gold_0" }]);
    const firstResult = results[0];
    expect(JSON.parse((afterFirstCall?.messages[5] as { content?: string } | undefined)?.content ?? "null")).toEqual(firstResult?.type === "tool_result" ? firstResult.result : undefined);
    // system, "Hello", greeting, the user's line, (call, result) per gold call, then the closing
    // reply: its text, its call and that call's result (delivered before the context is read).
    const agentContext = out.llmContexts?.agent ?? [];
    expect(agentContext).toHaveLength(4 + 2 * (steps.length - 2) + 3);
    expect(agentContext.at(-1)).toMatchObject({ role: "tool", content: '{"success": true, "message": "Exit message sent."}' });
  });

  it("drops a tool call whose arguments are not JSON, as the reference's LLM service does, and carries on", async () => {
    const gold = goldSteps(entry);
    const broken = { content: "One moment please.", calls: [{ id: "broken", name: "GetReservationTool", arguments: '{"confirmation_number": "ZK3FFW",' }] };
    const steps = [gold[0] ?? {}, broken, ...gold.slice(1)];
    const { out, requests } = await run(playEntries([entry], undefined, () => steps));
    expect(out.status).toBe("passed");
    expect(out.metrics["stop_reason"]).toBe("[EXIT]");
    // The broken call was never dispatched, and no later request holds it: the model's context never did.
    expect(out.transcript.filter((e) => e.type === "tool_call")).toHaveLength(gold.length - 1);
    expect(requests.some((r) => JSON.stringify(r.messages).includes("broken"))).toBe(false);
    expect(out.transcript.filter((e) => e.type === "dropped_call")).toEqual([
      expect.objectContaining({ side: "agent", model_call_id: "broken", name: "GetReservationTool", arguments: '{"confirmation_number": "ZK3FFW",', raised: "JSONDecodeError" }),
    ]);
    // Its text was spoken as a reply of its own.
    expect(out.transcript.some((e) => e.type === "message" && e.side === "agent" && e.text === "One moment please.")).toBe(true);
    expect((out.metrics["token_usage"] as { agent: { n_calls: number } }).agent.n_calls).toBe(steps.length);
  });

  it("retries a 500 and then succeeds", async () => {
    const play = playEntries([entry]);
    const { out, waits, requests } = await run((body, n) => (n === 0 ? { kind: "text", status: 500, text: "upstream exploded" } : play(body, n)));
    expect(out.status).toBe("passed");
    // backoff_seconds 0.25 with equal jitter: between half and all of it.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(125);
    expect(waits[0]).toBeLessThanOrEqual(250);
    expect(requests).toHaveLength(goldSteps(entry).length + 2);
  });

  it("a persistent 500 marks the scenario errored with the cause", async () => {
    const { out, waits, requests } = await run(() => ({ kind: "text", status: 500, text: "upstream exploded" }));
    expect(out.status).toBe("errored");
    expect(out.metrics["stop_reason"]).toBe("bot_error");
    expect(out.metrics["error"]).toEqual({
      side: "agent",
      message: `LLM endpoint error (http): ${server?.url ?? ""}/chat/completions: HTTP 500: upstream exploded (gave up after 3 attempts)`,
    });
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(125);
    expect(waits[0]).toBeLessThanOrEqual(250);
    expect(waits[1]).toBeGreaterThanOrEqual(250);
    expect(waits[1]).toBeLessThanOrEqual(500);
    expect(requests).toHaveLength(3);
    // The jitter comes from the run's seed: the same run waits the same.
    await server?.stop();
    const again = await run(() => ({ kind: "text", status: 500, text: "upstream exploded" }));
    expect(again.waits).toEqual(waits);
  });

  it("a request that never answers times out and marks the scenario errored", async () => {
    const { out, requests } = await run(() => ({ kind: "hang" }), { timeout_seconds: 0.2, retries: 1 });
    expect(out.status).toBe("errored");
    expect(out.metrics["error"]).toEqual({
      side: "agent",
      message: `LLM endpoint error (timeout): ${server?.url ?? ""}/chat/completions: no complete answer within 0.2 s (gave up after 2 attempts)`,
    });
    expect(requests).toHaveLength(2);
  });

  it("a garbage 200 answer marks the scenario errored without retrying", async () => {
    const { out, requests } = await run(() => ({ kind: "json", body: { object: "error", message: "model overloaded" } }));
    expect(out.status).toBe("errored");
    expect((out.metrics["error"] as { message: string }).message).toContain("LLM endpoint error (bad_response)");
    expect(requests).toHaveLength(1);
  });
});
