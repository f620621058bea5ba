import { describe, expect, it } from "vitest";
import { createVirtualClock } from "../../../src/engine/conversation/clock.js";
import { callIdSequence, createRecorder } from "../../../src/engine/conversation/recorder.js";
import { initialRunState } from "../../../src/engine/dispatch.js";
import { isFloatAt } from "../../../src/json/py-float.js";

const lines = (events: readonly object[]): string[] => events.map((e) => JSON.stringify(e));

describe("the transcript recorder", () => {
  it("issues call ids from call_1, one sequence per conversation", () => {
    const next = callIdSequence();
    expect([next(), next(), next()]).toEqual(["call_1", "call_2", "call_3"]);
    expect(callIdSequence()()).toBe("call_1");
    const rec = createRecorder(createVirtualClock());
    expect([rec.nextCallId(), rec.nextCallId()]).toEqual(["call_1", "call_2"]);
  });

  it("stamps each event with the clock's time and writes its keys in the transcript's order", () => {
    const clock = createVirtualClock();
    const rec = createRecorder(clock);
    const id = rec.nextCallId();
    rec.message("agent", "Hello.");
    clock.advance(1.5);
    rec.message("user", "Hi", { heard: "Hi!", effects: [] });
    rec.reply("agent", { finish_reason: "length" });
    rec.dropped("agent", { modelCallId: "m0", name: "get_item", arguments: "{", raised: "JSONDecodeError", reason: "Expecting value" });
    rec.dropped("agent", { name: "get_item", arguments: "{", raised: "JSONDecodeError", reason: "Expecting value" });
    clock.advance(0.3);
    rec.toolCall("agent", { id, name: "get_item", arguments: { item_id: "I1" }, modelCallId: "m1" });
    rec.toolResult("agent", { id, name: "get_item", arguments: { item_id: "I1" } }, "ok", { count: 2 });
    rec.error("agent", "it broke");
    rec.end("bot_error", "agent");
    rec.end("max_turns", null);
    expect(lines(rec.events)).toEqual([
      '{"type":"message","t":0,"side":"agent","text":"Hello."}',
      '{"type":"message","t":1.5,"side":"user","text":"Hi","heard":"Hi!","effects":[]}',
      '{"type":"model_reply","t":1.5,"side":"agent","finish_reason":"length"}',
      '{"type":"dropped_call","t":1.5,"side":"agent","model_call_id":"m0","name":"get_item","arguments":"{","raised":"JSONDecodeError","reason":"Expecting value"}',
      '{"type":"dropped_call","t":1.5,"side":"agent","name":"get_item","arguments":"{","raised":"JSONDecodeError","reason":"Expecting value"}',
      '{"type":"tool_call","t":1.8,"side":"agent","id":"call_1","model_call_id":"m1","name":"get_item","arguments":{"item_id":"I1"}}',
      '{"type":"tool_result","t":1.8,"side":"agent","id":"call_1","name":"get_item","status":"ok","result":{"count":2}}',
      '{"type":"error","t":1.8,"side":"agent","message":"it broke"}',
      '{"type":"end","t":1.8,"reason":"bot_error","side":"agent"}',
      '{"type":"end","t":1.8,"reason":"max_turns","side":null}',
    ]);
  });

  it("writes a call only under an id it issued, and each id once", () => {
    const rec = createRecorder(createVirtualClock());
    expect(() => rec.toolCall("user", { id: "call_1", name: "toggle_airplane_mode", arguments: {} })).toThrow('user bot: tool call toggle_airplane_mode carries the id "call_1", which the conversation did not issue or already used');
    const id = rec.nextCallId();
    rec.toolCall("user", { id, name: "toggle_airplane_mode", arguments: {} });
    expect(() => rec.toolCall("user", { id, name: "toggle_airplane_mode", arguments: {} })).toThrow("did not issue or already used");
    expect(rec.events).toHaveLength(1);
  });

  it("marks bare float arguments on the event, so `2.0` is written back as a float, not the int 2", () => {
    const rec = createRecorder(createVirtualClock());
    rec.toolCall("agent", { id: rec.nextCallId(), name: "calculate", arguments: 2, argumentsFloat: true });
    rec.toolCall("agent", { id: rec.nextCallId(), name: "calculate", arguments: 2 });
    expect(rec.events.map((e) => isFloatAt(e, "arguments"))).toEqual([true, false]);
  });

  it("writes a sync step only when it changed a DB or failed to apply a key", () => {
    const rec = createRecorder(createVirtualClock());
    const state = initialRunState({});
    rec.sync({ state, deltas: {}, errors: [] });
    rec.sync({ state, deltas: { agent: {}, user: {} }, errors: [] });
    rec.sync({ state, deltas: { user: { line: { roaming: true } } }, errors: [] });
    rec.sync({ state, deltas: {}, errors: ["surroundings.x"] });
    expect(lines(rec.events)).toEqual(['{"type":"sync","t":0,"deltas":{"user":{"line":{"roaming":true}}},"errors":[]}', '{"type":"sync","t":0,"deltas":{},"errors":["surroundings.x"]}']);
  });
});
