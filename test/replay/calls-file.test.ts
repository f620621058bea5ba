/**
 * Every recording format `evalsim replay` and `--agent replay` read, detected
 * and named; shapes follow each harness's own writer (tau2-bench's
 * `tau2.data_model.message` models, pipecat's context as NeMo's bridge saves
 * it, eva's audit log), not evalsim's.
 */
import { describe, expect, it } from "vitest";
import { CALL_FORMATS, CallsFileError, parseCallsText } from "../../src/replay/calls-file.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";

const formatOf = (text: string, where = "calls.json"): string => parseCallsText(text, where).format;

describe("parseCallsText", () => {
  it("names each format", () => {
    const openAi = [{ role: "user", content: "hi" }, { role: "assistant", content: null, tool_calls: [{ id: "a", type: "function", function: { name: "GetReservationTool", arguments: "{}" } }] }];
    expect(formatOf(JSON.stringify([{ name: "get_reservation", arguments: {} }]))).toBe("evalsim call list");
    expect(formatOf(JSON.stringify({ calls: [] }))).toBe("evalsim call list");
    expect(formatOf(JSON.stringify(openAi))).toBe("OpenAI messages");
    expect(formatOf(JSON.stringify(openAi), "/runs/x/bot_logs_agent/llm_context.json")).toBe("NeMo llm_context.json");
    expect(formatOf(JSON.stringify({ conversation_messages: openAi }))).toBe("eva audit_log.json");
    expect(formatOf('{"type":"message","t":0,"side":"agent","text":"hi"}\n{"type":"end","t":1,"reason":"[EXIT]","side":"agent"}\n')).toBe("evalsim transcript.jsonl");
    // A reasoning model's transcript starts with the note of its first reply.
    expect(formatOf('{"type":"model_reply","t":0,"side":"agent","thinking":"<think>x</think>"}\n{"type":"message","t":1,"side":"agent","text":"hi"}\n')).toBe("evalsim transcript.jsonl");
    const tau2 = [{ role: "assistant", content: null, tool_calls: [{ id: "t1", name: "get_user_details", arguments: { user_id: "u" }, requestor: "assistant" }], turn_idx: 1 }];
    expect(formatOf(JSON.stringify(tau2))).toBe("tau2 simulation messages");
    expect(formatOf(JSON.stringify({ id: "sim", task_id: "3", messages: tau2 }))).toBe("tau2 simulation messages");
  });

  it("anything else is one line listing the formats", () => {
    const expected = `not a recording evalsim reads (expected one of: ${CALL_FORMATS.join(", ")})`;
    for (const text of ["name,arguments\nx,{}\n", '{"hello": 1}', '[{"role": 1}]', '{"a": 1}\n{"b": 2}\n']) {
      expect(() => parseCallsText(text, "x.json"), text).toThrow(new CallsFileError(expected));
    }
  });

  it("pairs OpenAI-shape tool calls with their results by id, keeping Python floats in arguments and results", () => {
    const messages = [
      { role: "system", content: "..." },
      { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "CalculateTool", arguments: '{"expression": "2+2", "x": 2.0}' } }, { id: "c2", type: "function", function: { name: "EndConversationTool", arguments: "" } }] },
      { role: "tool", tool_call_id: "c1", content: '{"status": "success", "result": "4.0", "amount": 260.0}' },
      { role: "tool", tool_call_id: "c2", content: "IN_PROGRESS" },
    ];
    const { calls, names } = parseCallsText(JSON.stringify(messages), "/r/bot_logs_agent/llm_context.json");
    expect(names).toBe("llm");
    expect(calls.map((c) => [c.name, pyJsonDumps(c.arguments), c.side])).toEqual([
      ["CalculateTool", '{"expression": "2+2", "x": 2.0}', "agent"],
      ["EndConversationTool", "{}", "agent"],
    ]);
    expect(calls[0]?.recorded).toEqual({ text: '{"status": "success", "result": "4.0", "amount": 260.0}' });
    // pipecat's placeholder for a result that never came is no recorded result.
    expect(calls[1]?.recorded).toBeUndefined();
  });

  it("reads tau2 messages: calls under their snake_case names, a user's calls on the user side, results by tool message id", () => {
    const messages = [
      { role: "system", content: "policy" },
      { role: "assistant", content: null, tool_calls: [{ id: "a1", name: "get_customer_by_phone", arguments: { phone_number: "555" }, requestor: "assistant" }], turn_idx: 1, timestamp: "t" },
      { role: "tool", id: "a1", content: '{"customer_id": "C1"}', requestor: "assistant", error: false, turn_idx: 2 },
      { role: "user", content: null, tool_calls: [{ id: "u1", name: "toggle_airplane_mode", arguments: {}, requestor: "user" }], turn_idx: 3 },
      { role: "tool", id: "u1", content: "Airplane mode is now OFF.", requestor: "user", error: false, turn_idx: 4 },
    ];
    const { calls, names } = parseCallsText(JSON.stringify(messages), "sim.json");
    expect(names).toBe("records");
    expect(calls.map((c) => [c.name, c.side, c.recorded])).toEqual([
      ["get_customer_by_phone", "agent", { text: '{"customer_id": "C1"}' }],
      // Content that is no JSON text is tau2's spelling of a string result: recorded as that string.
      ["toggle_airplane_mode", "user", { value: "Airplane mode is now OFF." }],
    ]);
  });

  it("reads an evalsim transcript's calls with their recorded results and bare float arguments", () => {
    const text = [
      '{"type":"tool_call","t":1,"side":"agent","id":"call_1","name":"get_customer_by_id","arguments":2.0}',
      '{"type":"tool_result","t":2,"side":"agent","id":"call_1","name":"get_customer_by_id","status":"error","result":{"fare":260.0}}',
    ].join("\n");
    const [call] = parseCallsText(text, "transcript.jsonl").calls;
    expect(call?.argumentsFloat).toBe(true);
    expect(call && "recorded" in call && call.recorded && "value" in call.recorded ? pyJsonDumps(call.recorded.value) : undefined).toBe('{"fare": 260.0}');
  });
});
