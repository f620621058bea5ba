import { describe, expect, it } from "vitest";
import { createOracleAgent, createReplayAgent, createScriptedAgent, ORACLE_ACKNOWLEDGE, ORACLE_ANYTHING_ELSE, ORACLE_GOODBYE, ORACLE_GREETING } from "../../../src/engine/bots/oracle.js";
import type { BotInput, BotRun, Turn } from "../../../src/engine/conversation/types.js";

async function next(run: BotRun, input: BotInput): Promise<Turn | undefined> {
  const r = await run.next(input);
  return r.done ? undefined : r.value;
}

const hello: BotInput = { kind: "message", text: "Hi" };

describe("the oracle agent", () => {
  it("greets, asks for details, makes each agent call under the id it is given, asks the caller to make each phone call, then ends cleanly", async () => {
    const ids = ["call_4", "call_5"];
    const run = createScriptedAgent("oracle", [
      { name: "GetReservationTool", arguments: { confirmation_number: "ZK3FFW" } },
      { name: "toggle_airplane_mode", arguments: {}, side: "user" },
    ]).start({ kind: "start" }, () => ids.shift() ?? "none");
    expect(await run.next()).toEqual({ done: false, value: { kind: "say", text: ORACLE_GREETING } });
    expect(await next(run, hello)).toEqual({ kind: "say", text: ORACLE_ACKNOWLEDGE });
    expect(await next(run, hello)).toEqual({ kind: "tool_calls", calls: [{ id: "call_4", name: "GetReservationTool", arguments: { confirmation_number: "ZK3FFW" } }] });
    const ok = { kind: "tool_results", results: [{ id: "call_4", call: { id: "call_4", name: "GetReservationTool", arguments: {} }, result: {}, status: "ok" }] } as const;
    expect(await next(run, ok)).toEqual({ kind: "say", text: "I have completed the get reservation step." });
    expect(await next(run, hello)).toEqual({
      kind: "say",
      text: "Please use toggle airplane mode on your phone now, and tell me what it shows.",
      directive: { kind: "use_tool", call: { name: "toggle_airplane_mode", arguments: {} } },
    });
    expect(await next(run, hello)).toEqual({ kind: "say", text: ORACLE_ANYTHING_ELSE });
    expect(await next(run, hello)).toEqual({ kind: "tool_calls", text: ORACLE_GOODBYE, calls: [{ id: "call_5", name: "EndConversationTool", arguments: {} }] });
    expect(await next(run, hello)).toBeUndefined();
  });

  it("says a call that did not go through did not, and goes on", async () => {
    const run = createOracleAgent([{ name: "cancel_order", arguments: { order_id: "#W1" } }]).start({ kind: "start" });
    await run.next();
    await next(run, hello);
    expect(await next(run, hello)).toEqual({ kind: "tool_calls", calls: [{ id: "call_1", name: "cancel_order", arguments: { order_id: "#W1" } }] });
    const refused = { kind: "tool_results", results: [{ id: "call_1", call: { id: "call_1", name: "cancel_order", arguments: {} }, result: { status: "error" }, status: "error" }] } as const;
    expect(await next(run, refused)).toEqual({ kind: "say", text: "That cancel order step did not go through. Let me continue." });
  });

  it("is named for what it walks: the gold calls (oracle) or a recorded run's (replay)", () => {
    expect(createOracleAgent([]).name).toBe("oracle");
    expect(createReplayAgent([]).name).toBe("replay");
  });
});
