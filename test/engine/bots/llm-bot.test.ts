import { z } from "zod";
import { describe, expect, it } from "vitest";
import { registry } from "../../../src/domains/index.js";
import { createLlmAgent, createLlmBot, createLlmUser } from "../../../src/engine/bots/llm-bot.js";
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import type { Scenario } from "../../../src/engine/scenario.js";
import type { BotInput, BotRun, ToolOutcome, Turn } from "../../../src/engine/conversation/types.js";
import { defineTool } from "../../../src/engine/types.js";
import type { ToolResult } from "../../../src/engine/types.js";
import type { ChatClient, ChatReply, ChatRequest } from "../../../src/llm/chat.js";

const lookup = defineTool({ name: "LookupTool", description: "Look something up.", args: z.object({ id: z.string() }), kind: "read", run: () => ({ found: true }) });
const endTool = defineTool({ name: "EndConversationTool", description: "End the conversation with the user.", args: z.object({}), kind: "read", exit: "always", run: () => ({}) });

interface Planned {
  content?: string | null;
  calls?: { id?: string; name: string; arguments: string }[];
}

/** A client answering with `replies` in order; it keeps every request. */
function scripted(replies: Planned[]): ChatClient & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    requests,
    complete: (r) => {
      requests.push(r);
      const p = replies[requests.length - 1];
      if (!p) return Promise.reject(new Error("script exhausted"));
      const reply: ChatReply = {
        content: p.content ?? null,
        toolCalls: (p.calls ?? []).map((c) => ({ id: c.id ?? "", type: "function", function: { name: c.name, arguments: c.arguments } })),
        usage: { prompt: 10, completion: 2 },
      };
      return Promise.resolve(reply);
    },
  };
}

const agentBot = (client: ChatClient) => createLlmBot({ name: "llm", side: "agent", systemPrompt: "You are the agent.", tools: [lookup, endTool], client });
const userBot = (client: ChatClient, tools = [] as (typeof lookup)[]) => createLlmBot({ name: "llm", side: "user", systemPrompt: "You are the caller.", tools, client });

async function step(run: BotRun, input: BotInput): Promise<Turn | undefined> {
  const r = await run.next(input);
  return r.done ? undefined : r.value;
}

function results(...values: ToolResult[]): BotInput {
  const outs: ToolOutcome[] = values.map((result, i) => ({ id: `call_${i + 1}`, call: { id: `call_${i + 1}`, name: "LookupTool", arguments: {} }, result, status: "ok" }));
  return { kind: "tool_results", results: outs };
}

describe("LLM bot", () => {
  it("the agent opens with the bridge's 'Hello' and its tools; text becomes a spoken turn", async () => {
    const client = scripted([{ content: "  Hi there, how can I help? " }, { content: "Sure." }]);
    const bot = agentBot(client);
    const run = bot.start({ kind: "start" });
    expect(await step(run, { kind: "start" })).toEqual({ kind: "say", text: "Hi there, how can I help?" });
    expect(client.requests[0]?.messages).toEqual([
      { role: "system", content: "You are the agent." },
      { role: "user", content: "Hello" },
    ]);
    expect(client.requests[0]?.tools?.map((t) => (t["function"] as { name: string }).name)).toEqual(["LookupTool", "EndConversationTool"]);
    expect(await step(run, { kind: "message", text: "I need help" })).toEqual({ kind: "say", text: "Sure." });
    expect(client.requests[1]?.messages.slice(2)).toEqual([
      { role: "assistant", content: "  Hi there, how can I help? " },
      { role: "user", content: "I need help" },
    ]);
    expect(bot.usage?.()).toEqual({ requests: 2, prompt: 20, completion: 4 });
  });

  it("tool calls become a tool_calls turn with the text spoken first; results go back as tool messages", async () => {
    const client = scripted([
      { content: "Let me check.", calls: [{ id: "a", name: "LookupTool", arguments: '{"id": "1"}' }, { id: "b", name: "LookupTool", arguments: '{"id": "2"}' }] },
      { content: "Done." },
    ]);
    const run = agentBot(client).start({ kind: "start" });
    expect(await step(run, { kind: "start" })).toEqual({
      kind: "tool_calls",
      text: "Let me check.",
      // Each call under the conversation's id; the model's own ids ride along for the transcript.
      calls: [
        { id: "call_1", name: "LookupTool", arguments: { id: "1" }, modelCallId: "a" },
        { id: "call_2", name: "LookupTool", arguments: { id: "2" }, modelCallId: "b" },
      ],
    });
    expect(await step(run, results([], "plain string"))).toEqual({ kind: "say", text: "Done." });
    // pipecat 1.6.0's assistant aggregator: the reply's text as its own message, then per call an
    // assistant message holding that call and its tool message; contents as the reference delivers
    // them: json.dumps(_normalize_empty_result(result)) (python3).
    const context = client.requests[1]?.messages.slice(2);
    expect(context).toEqual([
      { role: "assistant", content: "Let me check." },
      { role: "assistant", tool_calls: [{ id: "a", type: "function", function: { name: "LookupTool", arguments: '{"id": "1"}' } }] },
      { role: "tool", tool_call_id: "a", content: '{"status": "success", "results": [], "count": 0, "message": "No matching records found."}' },
      { role: "assistant", tool_calls: [{ id: "b", type: "function", function: { name: "LookupTool", arguments: '{"id": "2"}' } }] },
      { role: "tool", tool_call_id: "b", content: '"plain string"' },
    ]);
    // Keys in the reference's order, as the request body carries them.
    expect(JSON.stringify(context?.slice(1, 3))).toBe('[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":"LookupTool","arguments":"{\\"id\\": \\"1\\"}"},"type":"function"}]},{"role":"tool","content":"{\\"status\\": \\"success\\", \\"results\\": [], \\"count\\": 0, \\"message\\": \\"No matching records found.\\"}","tool_call_id":"a"}]');
  });

  // pipecat 1.6.0 `_handle_function_call_in_progress`: arguments=json.dumps(frame.arguments, ensure_ascii=False),
  // the arguments json.loads read; python3 gives the expected texts.
  it("writes a call's arguments back as Python's json.dumps of what json.loads read, not the model's text", async () => {
    const given = ['{"id":"1","n":1e2,"x":"\\u00e9","k":[1.50 , -0]}', "", "  2.0 ", '{"a": 1, "a": 2, "10": 3}', '{"big": 12345678901234567890123}'];
    const client = scripted([{ calls: given.map((a, i) => ({ id: `c${i}`, name: "LookupTool", arguments: a })) }, { content: "ok" }]);
    const run = agentBot(client).start({ kind: "start" });
    await step(run, { kind: "start" });
    await step(run, results(1, 2, 3, 4, 5));
    const written = client.requests[1]?.messages.flatMap((m) => ("tool_calls" in m && m.tool_calls ? m.tool_calls.map((c) => c.function.arguments) : []));
    expect(written).toEqual(['{"id": "1", "n": 100.0, "x": "é", "k": [1.5, 0]}', "{}", "2.0", '{"a": 2, "10": 3}', '{"big": 12345678901234567890123}']);
  });

  it("text that Python's str.strip() empties (\\x1c too, which JavaScript's trim keeps) gets no message of its own", async () => {
    const client = scripted([{ content: "\x1c\x1d ", calls: [{ id: "w", name: "LookupTool", arguments: '{"id": "1"}' }] }, { content: "ok" }]);
    const run = agentBot(client).start({ kind: "start" });
    await step(run, { kind: "start" });
    await step(run, results({ found: true }));
    expect(client.requests[1]?.messages.slice(2).map((m) => m.role)).toEqual(["assistant", "tool"]);
    expect(client.requests[1]?.messages[2]).toEqual({ role: "assistant", tool_calls: [{ id: "w", type: "function", function: { name: "LookupTool", arguments: '{"id": "1"}' } }] });
  });

  it("a call that ends the conversation still gets its result in the context, in place of IN_PROGRESS", async () => {
    const client = scripted([{ content: "Goodbye!", calls: [{ id: "e", name: "EndConversationTool", arguments: "{}" }] }]);
    const bot = agentBot(client);
    const run = bot.start({ kind: "start" });
    await step(run, { kind: "start" });
    expect(bot.context?.().slice(2)).toEqual([
      { role: "assistant", content: "Goodbye!" },
      { role: "assistant", tool_calls: [{ id: "e", type: "function", function: { name: "EndConversationTool", arguments: "{}" } }] },
      { role: "tool", content: "IN_PROGRESS", tool_call_id: "e" },
    ]);
    bot.settle?.([{ id: "call_1", call: { id: "call_1", name: "EndConversationTool", arguments: {} }, result: { success: true, message: "Exit message sent." }, status: "ok" }]);
    expect(bot.context?.()[4]).toEqual({ role: "tool", content: '{"success": true, "message": "Exit message sent."}', tool_call_id: "e" });
  });

  // pipecat 1.6.0 BaseOpenAILLMService._process_context: json.loads(arguments or "{}"); on JSONDecodeError
  // the call is logged and skipped (`continue`), so it never runs and never enters the context.
  it("drops a call whose argument text json.loads refuses: not run, not in the context; the reply's other calls run", async () => {
    const client = scripted([
      { calls: [{ id: "x", name: "LookupTool", arguments: '{"id": ' }, { id: "y", name: "LookupTool", arguments: '{"id": "2"}' }] },
      { content: "Sorry about that." },
    ]);
    const run = agentBot(client).start({ kind: "start" });
    const turn = await step(run, { kind: "start" });
    expect(turn).toMatchObject({
      kind: "tool_calls",
      calls: [{ name: "LookupTool", arguments: { id: "2" }, modelCallId: "y" }],
      dropped: [{ modelCallId: "x", name: "LookupTool", arguments: '{"id": ', raised: "JSONDecodeError" }],
    });
    expect(await step(run, results({ found: true }))).toEqual({ kind: "say", text: "Sorry about that." });
    expect(client.requests[1]?.messages.slice(2)).toEqual([
      { role: "assistant", tool_calls: [{ id: "y", type: "function", function: { name: "LookupTool", arguments: '{"id": "2"}' } }] },
      { role: "tool", tool_call_id: "y", content: '{"found": true}' },
    ]);
  });

  it("drops texts Python refuses that JavaScript readers might take: whitespace, trailing commas, nan, single quotes", async () => {
    const texts = [" ", "\n", '{"id": "1",}', "nan", "{'id': '1'}", "{}{}", "[1,]"];
    const client = scripted([{ content: "Hm.", calls: texts.map((a, i) => ({ id: `c${i}`, name: "LookupTool", arguments: a })) }]);
    const turn = await step(agentBot(client).start({ kind: "start" }), { kind: "start" });
    expect(turn).toMatchObject({ kind: "say", text: "Hm." });
    expect(turn?.dropped?.map((d) => [d.arguments, d.raised])).toEqual(texts.map((t) => [t, "JSONDecodeError"]));
  });

  it("a reply whose calls are all dropped is its text alone; with no text the agent has said nothing and ends", async () => {
    const client = scripted([{ content: "One moment.", calls: [{ id: "z", name: "LookupTool", arguments: "{" }] }, { content: "ok" }]);
    const run = agentBot(client).start({ kind: "start" });
    expect(await step(run, { kind: "start" })).toMatchObject({ kind: "say", text: "One moment.", dropped: [{ modelCallId: "z", arguments: "{" }] });
    await step(run, { kind: "message", text: "Sure" });
    expect(client.requests[1]?.messages.slice(2)).toEqual([
      { role: "assistant", content: "One moment." },
      { role: "user", content: "Sure" },
    ]);
    const silent = await step(agentBot(scripted([{ calls: [{ id: "z", name: "LookupTool", arguments: "{" }] }])).start({ kind: "start" }), { kind: "start" });
    expect(silent).toMatchObject({ kind: "end", dropped: [{ name: "LookupTool", raised: "JSONDecodeError" }] });
  });

  it("an integer of more than 4300 digits raises ValueError, past pipecat's except: no call of the reply runs", async () => {
    const client = scripted([{ content: "Checking.", calls: [{ id: "a", name: "LookupTool", arguments: '{"id": "1"}' }, { id: "b", name: "LookupTool", arguments: `{"id": ${"1".repeat(4301)}}` }] }]);
    const turn = await step(agentBot(client).start({ kind: "start" }), { kind: "start" });
    expect(turn).toMatchObject({ kind: "say", text: "Checking." });
    expect(turn?.dropped?.map((d) => [d.modelCallId, d.raised])).toEqual([
      ["a", "ValueError"],
      ["b", "ValueError"],
    ]);
    // 4300 digits is still an int Python reads.
    const ok = await step(agentBot(scripted([{ calls: [{ id: "c", name: "LookupTool", arguments: `{"id": ${"1".repeat(4300)}}` }] }])).start({ kind: "start" }), { kind: "start" });
    expect(ok?.kind).toBe("tool_calls");
  });

  it("the user's tool calls are dropped the same way", async () => {
    const client = scripted([{ content: "Let me look.", calls: [{ id: "u", name: "LookupTool", arguments: "{'id': 1}" }] }]);
    const turn = await step(userBot(client, [lookup]).start({ kind: "message", text: "Hi" }), { kind: "message", text: "Hi" });
    expect(turn).toMatchObject({ kind: "say", text: "Let me look.", dropped: [{ modelCallId: "u", raised: "JSONDecodeError" }] });
  });

  it("dispatches arguments that are JSON but not objects as they are: dispatch applies `**(arguments or {})`", async () => {
    const client = scripted([
      {
        calls: ["[1, 2]", "", "null", "[]", '""', "0", "false"].map((a, i) => ({ id: `c${i}`, name: "LookupTool", arguments: a })),
      },
      { content: "ok" },
    ]);
    const run = agentBot(client).start({ kind: "start" });
    const turn = await step(run, { kind: "start" });
    const given: ToolResult[] = [[1, 2], {}, null, [], "", 0, false];
    expect(turn).toEqual({ kind: "tool_calls", calls: given.map((a, i) => ({ id: `call_${i + 1}`, name: "LookupTool", arguments: a, modelCallId: `c${i}` })) });
    await step(run, results(0, 1, 2, 3, 4, 5, 6));
    const tool = client.requests[1]?.messages.filter((m) => m.role === "tool") ?? [];
    expect(tool.map((m) => (m as { tool_call_id: string }).tool_call_id)).toEqual(["c0", "c1", "c2", "c3", "c4", "c5", "c6"]);
  });

  it("takes each call's id from the conversation's callIds and matches results back by that id, in whatever order they come", async () => {
    const client = scripted([
      { calls: [{ id: "m1", name: "LookupTool", arguments: '{"id": "1"}' }, { id: "m2", name: "LookupTool", arguments: '{"id": "2"}' }] },
      { content: "ok" },
    ]);
    const issued = ["call_7", "call_8"];
    const run = agentBot(client).start({ kind: "start" }, () => issued.shift() ?? "none");
    const turn = await step(run, { kind: "start" });
    expect(turn?.kind === "tool_calls" && turn.calls.map((c) => [c.id, c.modelCallId])).toEqual([
      ["call_7", "m1"],
      ["call_8", "m2"],
    ]);
    const outcome = (id: string, result: ToolResult): ToolOutcome => ({ id, call: { id, name: "LookupTool", arguments: {} }, result, status: "ok" });
    await step(run, { kind: "tool_results", results: [outcome("call_8", "second"), outcome("call_7", "first")] });
    expect(client.requests[1]?.messages.filter((m) => m.role === "tool")).toEqual([
      { role: "tool", tool_call_id: "m1", content: '"first"' },
      { role: "tool", tool_call_id: "m2", content: '"second"' },
    ]);
  });

  it("refuses results for calls it is not waiting on, and a round that leaves one of its calls without a result", async () => {
    const twoCalls = (): ChatClient => scripted([{ calls: [{ id: "m1", name: "LookupTool", arguments: "{}" }, { id: "m2", name: "LookupTool", arguments: "{}" }] }]);
    const outcome = (id: string): ToolOutcome => ({ id, call: { id, name: "LookupTool", arguments: {} }, result: null, status: "ok" });
    const stray = agentBot(twoCalls()).start({ kind: "start" });
    await step(stray, { kind: "start" });
    await expect(step(stray, { kind: "tool_results", results: [outcome("call_9")] })).rejects.toThrow("llm: a result for call call_9, which is not one of the calls this bot is waiting on");
    const short = agentBot(twoCalls()).start({ kind: "start" });
    await step(short, { kind: "start" });
    await expect(step(short, { kind: "tool_results", results: [outcome("call_2")] })).rejects.toThrow("llm: no result came back for call(s) call_1");
  });

  it("numbers tool calls the server left without an id", async () => {
    const client = scripted([{ calls: [{ name: "LookupTool", arguments: '{"id": "1"}' }] }, { content: "ok" }]);
    const run = agentBot(client).start({ kind: "start" });
    // A generated id is not the model's, so the call carries none.
    expect(await step(run, { kind: "start" })).toEqual({ kind: "tool_calls", calls: [{ id: "call_1", name: "LookupTool", arguments: { id: "1" } }] });
    await step(run, results({ found: true }));
    expect(client.requests[1]?.messages[3]).toEqual({ role: "tool", tool_call_id: "agent_call_1", content: '{"found": true}' });
  });

  it("an agent that replies with nothing ends the call", async () => {
    const run = agentBot(scripted([{ content: "   " }])).start({ kind: "start" });
    expect(await step(run, { kind: "start" })).toEqual({ kind: "end" });
  });

  it("the user starts from the agent's greeting, without tools unless its domain has some", async () => {
    const client = scripted([{ content: "Hi, I want to return a shirt." }]);
    const run = userBot(client).start({ kind: "message", text: "Thank you for calling." });
    expect(await step(run, { kind: "message", text: "Thank you for calling." })).toEqual({ kind: "say", text: "Hi, I want to return a shirt." });
    expect(client.requests[0]).toEqual({
      messages: [
        { role: "system", content: "You are the caller." },
        { role: "user", content: "Thank you for calling." },
      ],
      tools: [],
      // The bot's running total of request bytes in its scenario (the scripted client counts nothing).
      volume: { bytes: 0 },
    });
    const phone = scripted([{ content: "ok" }]);
    const run2 = userBot(phone, [lookup]).start({ kind: "message", text: "Hi" });
    await step(run2, { kind: "message", text: "Hi" });
    expect(phone.requests[0]?.tools?.map((t) => (t["function"] as { name: string }).name)).toEqual(["LookupTool"]);
  });

  it("the user hangs up with ###STOP### (its other words are its last) or by saying nothing", async () => {
    const byeBot = userBot(scripted([{ content: "Thanks, bye. ###STOP###", calls: [{ id: "q", name: "LookupTool", arguments: "{}" }] }]), [lookup]);
    const bye = byeBot.start({ kind: "message", text: "Anything else?" });
    expect(await step(bye, { kind: "message", text: "Anything else?" })).toEqual({ kind: "end", text: "Thanks, bye." });
    // The hang-up's calls never run, so they are not in the context either.
    expect(byeBot.context?.().slice(2)).toEqual([{ role: "assistant", content: "Thanks, bye. ###STOP###" }]);
    const stop = userBot(scripted([{ content: "###STOP###" }])).start({ kind: "message", text: "Bye" });
    expect(await step(stop, { kind: "message", text: "Bye" })).toEqual({ kind: "end" });
    const silent = userBot(scripted([{ content: null }])).start({ kind: "message", text: "Bye" });
    expect(await step(silent, { kind: "message", text: "Bye" })).toEqual({ kind: "end" });
  });

  it("exposes its chat context", async () => {
    const bot = agentBot(scripted([{ content: "Hi" }]));
    await step(bot.start({ kind: "start" }), { kind: "start" });
    expect(bot.context?.()).toEqual([
      { role: "system", content: "You are the agent." },
      { role: "user", content: "Hello" },
      { role: "assistant", content: "Hi" },
    ]);
  });

  it("takes each side's tools from the domain: the agent's with EndConversationTool, the telecom phone for its user, none for other users", async () => {
    const scenario = { agentPrompt: () => "agent prompt", userPrompt: () => "user prompt" } as unknown as Scenario;
    const toolNames = async (make: (e: CatalogEntry, c: ChatClient) => ReturnType<typeof createLlmBot>, domain: string): Promise<string[]> => {
      const found = registry.domains.find((d) => d.name === domain);
      if (!found) throw new Error(`no domain ${domain}`);
      const client = scripted([{ content: "ok" }]);
      await step(make({ scenario, domain: found }, client).start({ kind: "message", text: "Hi" }), { kind: "message", text: "Hi" });
      return (client.requests[0]?.tools ?? []).map((t) => (t["function"] as { name: string }).name);
    };
    const telecomUser = await toolNames(createLlmUser, "tau2_telecom");
    expect(telecomUser).toHaveLength(30);
    expect(telecomUser).toContain("toggle_airplane_mode");
    expect(await toolNames(createLlmUser, "tau2_retail")).toEqual([]);
    expect(await toolNames(createLlmUser, "eva_airline")).toEqual([]);
    const retailAgent = await toolNames(createLlmAgent, "tau2_retail");
    expect(retailAgent).toHaveLength(17);
    expect(retailAgent.at(-1)).toBe("EndConversationTool");
  });
});
