import { describe, expect, it } from "vitest";
import { createScriptedUser, USER_GOODBYE } from "../../../src/engine/bots/scripted-user.js";
import type { BotInput, BotRun, Turn } from "../../../src/engine/conversation/types.js";
import type { UserBrief } from "../../../src/engine/scenario.js";

const brief: UserBrief = { opening: "I want to cancel order W1.", goal: "cancel", knownInfo: "My name is Ann.", unknownInfo: "", instructions: "" };

async function next(run: BotRun, input: BotInput): Promise<Turn | undefined> {
  const r = await run.next(input);
  return r.done ? undefined : r.value;
}
const says = (text: string): BotInput => ({ kind: "message", text });

describe("the scripted user", () => {
  it("opens with the dataset's line, gives what it knows once when asked, then agrees, acknowledges and says goodbye", async () => {
    const run = createScriptedUser(brief).start(says("Hello"));
    const opening = await run.next();
    expect(opening.done === false && opening.value.kind).toBe("say");
    expect(await next(run, says("Could you give me your details?"))).toMatchObject({ kind: "say", text: expect.stringMatching(/^Sure\. /) as unknown });
    expect(await next(run, says("Shall I go ahead?"))).toEqual({ kind: "say", text: "Yes, please go ahead." });
    expect(await next(run, says("Done."))).toEqual({ kind: "say", text: "Okay." });
    expect(await next(run, says("Is there anything else I can help you with today?"))).toEqual({ kind: "say", text: USER_GOODBYE });
    expect(await next(run, says("Goodbye!"))).toEqual({ kind: "say", text: "Goodbye." });
  });

  it("makes a phone call it is asked for under the id it is given, then reads out what the phone shows", async () => {
    const run = createScriptedUser(brief).start(says("Hello"), () => "call_3");
    await run.next();
    const asked: BotInput = { kind: "message", text: "Please use toggle airplane mode on your phone now.", directive: { kind: "use_tool", call: { name: "toggle_airplane_mode", arguments: {} } } };
    expect(await next(run, asked)).toEqual({ kind: "tool_calls", calls: [{ id: "call_3", name: "toggle_airplane_mode", arguments: {} }] });
    const shown: BotInput = { kind: "tool_results", results: [{ id: "call_3", call: { id: "call_3", name: "toggle_airplane_mode", arguments: {} }, result: { airplane_mode: false }, status: "ok" }] };
    expect(await next(run, shown)).toEqual({ kind: "say", text: 'Done. It says: {"airplane_mode":false}' });
  });

  it("cuts a long result short at 400 characters when reading it out", async () => {
    const run = createScriptedUser(brief).start(says("Hello"));
    await run.next();
    await next(run, { kind: "message", text: "Check it.", directive: { kind: "use_tool", call: { name: "check_status_bar", arguments: {} } } });
    const turn = await next(run, { kind: "tool_results", results: [{ id: "call_1", call: { id: "call_1", name: "check_status_bar", arguments: {} }, result: "x".repeat(500), status: "ok" }] });
    expect(turn).toEqual({ kind: "say", text: `Done. It says: ${"x".repeat(397)}...` });
  });
});
