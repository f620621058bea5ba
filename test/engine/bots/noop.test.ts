import { describe, expect, it } from "vitest";
import { createNoopAgent, NOOP_GOODBYE, NOOP_GREETING } from "../../../src/engine/bots/noop.js";

describe("the noop agent", () => {
  it("greets, hears the request once, then says goodbye with the end tool, calling nothing else", async () => {
    const run = createNoopAgent("end_call").start({ kind: "start" }, () => "call_9");
    expect(await run.next()).toEqual({ done: false, value: { kind: "say", text: NOOP_GREETING } });
    expect(await run.next({ kind: "message", text: "Please cancel my order." })).toEqual({
      done: false,
      value: { kind: "tool_calls", text: NOOP_GOODBYE, calls: [{ id: "call_9", name: "end_call", arguments: {} }] },
    });
    expect((await run.next({ kind: "message", text: "Wait!" })).done).toBe(true);
  });

  it("ends with EndConversationTool unless told otherwise", async () => {
    const run = createNoopAgent().start({ kind: "start" });
    await run.next();
    const last = await run.next({ kind: "message", text: "Hi" });
    expect(!last.done && last.value.kind === "tool_calls" && last.value.calls.map((c) => [c.id, c.name])).toEqual([["call_1", "EndConversationTool"]]);
  });
});
