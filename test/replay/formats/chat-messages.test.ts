/**
 * OpenAI-shape chat messages (eva's audit_log.json `conversation_messages`,
 * NeMo's llm_context.json, OpenAI clients): detection, calls in order with
 * their JSON-text arguments, results paired by `tool_call_id`, pipecat's
 * `IN_PROGRESS` placeholder as no result, and one error per bad shape that
 * names its place.
 */
import { describe, expect, it } from "vitest";
import { callsFromChatMessages, hasOpenAiToolCalls, isChatMessages } from "../../../src/replay/formats/chat-messages.js";
import { CallsFileError } from "../../../src/replay/formats/types.js";
import type { JsonValue } from "../../../src/json/types.js";

const call = (id: string, name: string, args: JsonValue) => ({ id, type: "function", function: { name, arguments: args } });

describe("isChatMessages and hasOpenAiToolCalls", () => {
  it("a list whose every entry has a role is chat; it calls tools when an assistant entry has function-shaped tool_calls", () => {
    const chat = [{ role: "user", content: "hi" }, { role: "assistant", content: null, tool_calls: [call("a", "GetTool", "{}")] }];
    expect(isChatMessages(chat)).toBe(true);
    expect(hasOpenAiToolCalls(chat)).toBe(true);
    expect(isChatMessages([])).toBe(false);
    expect(isChatMessages([{ role: "user" }, { content: "x" }])).toBe(false);
    // tau2's calls carry name and requestor on the call itself, not under `function`.
    expect(hasOpenAiToolCalls([{ role: "assistant", tool_calls: [{ id: "t", name: "get_user", arguments: {} }] }])).toBe(false);
    expect(hasOpenAiToolCalls([{ role: "user", content: "hi" }])).toBe(false);
  });
});

describe("callsFromChatMessages", () => {
  it("reads every assistant call in order, pairs results by id, and puts them on the side given", () => {
    const messages = [
      { role: "system", content: "policy" },
      { role: "assistant", content: "", tool_calls: [call("c1", "GetReservationTool", '{"confirmation_number": "ABC123", "last_name": "Li"}'), call("c2", "GetFlightTool", '{"flight": "UA1"}')] },
      { role: "tool", tool_call_id: "c2", content: '{"status": "ok"}' },
      { role: "tool", tool_call_id: "c1", content: "not JSON at all" },
      { role: "user", content: "thanks" },
      { role: "assistant", content: "bye", tool_calls: null },
      { role: "assistant", tool_calls: [call("c3", "EndCallTool", "")] },
      { role: "tool", tool_call_id: "c3", content: "IN_PROGRESS" },
    ];
    expect(callsFromChatMessages(messages, "audit_log.json", "user")).toStrictEqual([
      { name: "GetReservationTool", arguments: { confirmation_number: "ABC123", last_name: "Li" }, side: "user", recorded: { text: "not JSON at all" } },
      { name: "GetFlightTool", arguments: { flight: "UA1" }, side: "user", recorded: { text: '{"status": "ok"}' } },
      { name: "EndCallTool", arguments: {}, side: "user" },
    ]);
  });

  it("arguments already parsed (an object, or absent) are taken as they are; a bare float text is marked", () => {
    const messages = [{ role: "assistant", tool_calls: [{ id: "a", function: { name: "T", arguments: { x: 1 } } }, { id: "b", function: { name: "T" } }, call("c", "T", "2.0")] }];
    expect(callsFromChatMessages(messages, "m")).toStrictEqual([
      { name: "T", arguments: { x: 1 }, side: "agent" },
      { name: "T", arguments: {}, side: "agent" },
      { name: "T", arguments: 2, argumentsFloat: true, side: "agent" },
    ]);
  });

  it("a call without an id, or whose result never came, has no recorded result", () => {
    const messages = [{ role: "assistant", tool_calls: [{ function: { name: "T", arguments: "{}" } }] }, { role: "tool", tool_call_id: "x", content: "orphan" }];
    expect(callsFromChatMessages(messages, "m")).toStrictEqual([{ name: "T", arguments: {}, side: "agent" }]);
  });

  it("names the place of each bad shape", () => {
    const bad: [JsonValue[], string][] = [
      [[{ role: "user" }, 3], "m[1]: expected a message object"],
      [[{ role: "assistant", tool_calls: {} }], "m[0].tool_calls: expected an array"],
      [[{ role: "assistant", tool_calls: [call("a", "T", "{}"), { id: "b", name: "T" }] }], "m[0].tool_calls[1]: expected {function: {name, arguments}}"],
      [[{ role: "assistant", tool_calls: [{ function: { name: 7 } }] }], "m[0].tool_calls[0]: expected {function: {name, arguments}}"],
    ];
    for (const [messages, message] of bad) expect(() => callsFromChatMessages(messages, "m")).toThrow(new CallsFileError(message));
    expect(() => callsFromChatMessages([{ role: "assistant", tool_calls: [call("a", "T", "{x")] }], "m")).toThrow(/^m\[0\]\.tool_calls\[0\]\.function\.arguments: not valid JSON/);
  });
});
