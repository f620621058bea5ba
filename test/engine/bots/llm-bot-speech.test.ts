/**
 * A bot's speech settings and prompt role, from its config: think tokens
 * (default <think>…</think>; null strips nothing), ignore strings, system_role;
 * and the user's hang-up marker read from what is spoken, not from thinking.
 */
import { describe, expect, it } from "vitest";
import { createLlmBot } from "../../../src/engine/bots/llm-bot.js";
import type { BotRun, Turn } from "../../../src/engine/conversation/types.js";
import type { ChatClient, ChatRequest } from "../../../src/llm/chat.js";
import type { SpeechSettings } from "../../../src/llm/thinking.js";

function oneReply(content: string): ChatClient & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return { requests, complete: (r) => (requests.push(r), Promise.resolve({ content, toolCalls: [], usage: { prompt: 1, completion: 1 } })) };
}

async function firstTurn(side: "agent" | "user", content: string, speech?: SpeechSettings, systemRole?: "user"): Promise<{ turn: Turn | undefined; requests: ChatRequest[] }> {
  const client = oneReply(content);
  const bot = createLlmBot({ name: "llm", side, systemPrompt: "Prompt.", tools: [], client, ...(speech ? { speech } : {}), ...(systemRole ? { systemRole } : {}) });
  const run: BotRun = bot.start({ kind: "start" });
  const r = await run.next(side === "agent" ? { kind: "start" } : { kind: "message", text: "Hi." });
  return { turn: r.done ? undefined : r.value, requests: client.requests };
}

describe("an LLM bot's speech settings", () => {
  it("by default the thinking is not spoken and is noted", async () => {
    const { turn } = await firstTurn("agent", "<think>plan</think>Hello!");
    expect(turn).toEqual({ kind: "say", text: "Hello!", reply: { thinking: "<think>plan</think>" } });
  });

  it("think_tokens null speaks everything; ignore_strings are dropped from speech", async () => {
    expect((await firstTurn("agent", "<think>plan</think>Hello!", { thinkTokens: null })).turn).toEqual({ kind: "say", text: "<think>plan</think>Hello!" });
    expect((await firstTurn("agent", "**Hello** there<unk>", { ignoreStrings: ["*", "<unk>"] })).turn).toEqual({ kind: "say", text: "Hello there" });
  });

  it("a reply that is only thinking says nothing: the agent goes silent, counted as only thinking", async () => {
    expect((await firstTurn("agent", "<think>still planning")).turn).toEqual({ kind: "end", reply: { thinking: "<think>still planning", only_thinking: true } });
  });

  it("the user hangs up on ###STOP### it says, not on one it only thinks", async () => {
    expect((await firstTurn("user", "<think>maybe ###STOP### later</think>One more question.")).turn).toMatchObject({ kind: "say", text: "One more question." });
    expect((await firstTurn("user", "<think>done</think>Bye ###STOP###")).turn).toMatchObject({ kind: "end", text: "Bye" });
  });

  it("system_role sends the prompt under that role", async () => {
    const { requests } = await firstTurn("agent", "Hi.", undefined, "user");
    expect(requests[0]?.messages[0]).toEqual({ role: "user", content: "Prompt." });
  });
});
