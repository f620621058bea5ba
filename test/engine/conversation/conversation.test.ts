import { z } from "zod";
import { describe, expect, it } from "vitest";
import { runConversation } from "../../../src/engine/conversation/conversation.js";
import { callIdSequence } from "../../../src/engine/conversation/recorder.js";
import type { Bot, BotInput, BotRun, CallIds, Turn } from "../../../src/engine/conversation/types.js";
import { initialRunState, ToolBugError } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import { defineTool } from "../../../src/engine/types.js";
import { tinyDomain } from "../../helpers/tiny-domain.js";

/** A tool with a bug: it throws an exception no reference behaviour accounts for. */
const broken = defineTool({
  name: "broken_tool",
  description: "Throws.",
  args: z.object({}),
  kind: "read",
  run: () => {
    throw new TypeError("cannot read properties of undefined");
  },
});

const domain = tinyDomain("stock", [broken]);
const options = { domain, state: initialRunState({ agent: { items: { I1: { item_id: "I1", name: "lamp", count: 2 } } } }), env: { today: "2026-01-05", rng: createRng(1), names: "llm" as const } };

/** A bot that plays `turns` (each made with the ids it is given) and notes when its run is closed. */
function bot(name: string, turns: readonly ((ids: CallIds) => Turn)[], closed: string[], seen: BotInput[] = []): Bot {
  return {
    name,
    start(first: BotInput, callIds = callIdSequence()): BotRun {
      return (async function* (): BotRun {
        await Promise.resolve();
        seen.push(first);
        try {
          for (const turn of turns) seen.push(yield turn(callIds));
          for (;;) yield { kind: "say", text: "Mm-hm." };
        } finally {
          closed.push(name);
        }
      })();
    },
  };
}

describe("runConversation", () => {
  it("a tool bug thrown inside a call still closes both bots' runs, then reaches the caller", async () => {
    const closed: string[] = [];
    const agent = bot("agent", [() => ({ kind: "say", text: "Hello." }), (ids) => ({ kind: "tool_calls", calls: [{ id: ids(), name: "broken_tool", arguments: {} }] })], closed);
    const user = bot("user", [() => ({ kind: "say", text: "Hi." })], closed);
    const run = runConversation(agent, user, options);
    await expect(run).rejects.toThrow(ToolBugError);
    await expect(run).rejects.toThrow("tool broken_tool (agent) raised an unexpected TypeError: cannot read properties of undefined");
    expect(closed.sort()).toEqual(["agent", "user"]);
  });

  it("writes each call under the id the bot took from the conversation, across both sides, and hands results back under it", async () => {
    const seen: BotInput[] = [];
    const agent = bot(
      "agent",
      [
        (ids) => ({ kind: "tool_calls", calls: [{ id: ids(), name: "get_item", arguments: { item_id: "I1" }, modelCallId: "m-a" }, { id: ids(), name: "get_item", arguments: { item_id: "I9" } }] }),
        () => ({ kind: "say", text: "Found it." }),
        (ids) => ({ kind: "tool_calls", calls: [{ id: ids(), name: "restock_item", arguments: { item_id: "I1", amount: 1 } }] }),
        () => ({ kind: "end", text: "Bye." }),
      ],
      [],
      seen,
    );
    const user = bot("user", [() => ({ kind: "say", text: "Go on." })], []);
    const conv = await runConversation(agent, user, options);
    const calls = conv.transcript.flatMap((e) => (e.type === "tool_call" || e.type === "tool_result" ? [[e.type, e.id, e.name]] : []));
    expect(calls).toEqual([
      ["tool_call", "call_1", "get_item"],
      ["tool_result", "call_1", "get_item"],
      ["tool_call", "call_2", "get_item"],
      ["tool_result", "call_2", "get_item"],
      ["tool_call", "call_3", "restock_item"],
      ["tool_result", "call_3", "restock_item"],
    ]);
    // The model's own id is a field beside the conversation's, written only where a model gave one.
    expect(conv.transcript.filter((e) => e.type === "tool_call").map((e) => JSON.stringify(e))).toEqual([
      '{"type":"tool_call","t":0.3,"side":"agent","id":"call_1","model_call_id":"m-a","name":"get_item","arguments":{"item_id":"I1"}}',
      '{"type":"tool_call","t":0.6,"side":"agent","id":"call_2","name":"get_item","arguments":{"item_id":"I9"}}',
      '{"type":"tool_call","t":3.5,"side":"agent","id":"call_3","name":"restock_item","arguments":{"item_id":"I1","amount":1}}',
    ]);
    const back = seen[1];
    expect(back?.kind === "tool_results" && back.results.map((r) => [r.id, r.call.id, r.status])).toEqual([
      ["call_1", "call_1", "ok"],
      ["call_2", "call_2", "error"],
    ]);
    expect(conv.toolCalls).toBe(3);
    expect(conv.stopReason).toBe("agent_ended");
  });

  it("refuses a call whose id the conversation did not issue, and still closes the bots' runs", async () => {
    const closed: string[] = [];
    const agent = bot("agent", [() => ({ kind: "tool_calls", calls: [{ id: "mine_1", name: "get_item", arguments: { item_id: "I1" } }] })], closed);
    const user = bot("user", [], closed);
    await expect(runConversation(agent, user, options)).rejects.toThrow('agent bot: tool call get_item carries the id "mine_1", which the conversation did not issue or already used');
    expect(closed).toEqual(["agent"]);
  });

  it("a bot's own failure ends the conversation as bot_error, recorded with its message", async () => {
    const failing: Bot = {
      name: "failing",
      start: async function* (): BotRun {
        await Promise.resolve();
        yield { kind: "say", text: "Hello." };
        throw new Error("the model endpoint went away");
      },
    };
    const conv = await runConversation(failing, bot("user", [() => ({ kind: "say", text: "Hi." })], []), options);
    expect(conv.stopReason).toBe("bot_error");
    expect(conv.error).toEqual({ side: "agent", message: "the model endpoint went away" });
    expect(conv.transcript.slice(-2)).toEqual([
      { type: "error", t: 1.8, side: "agent", message: "the model endpoint went away" },
      { type: "end", t: 1.8, reason: "bot_error", side: "agent" },
    ]);
  });
});
