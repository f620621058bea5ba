/**
 * tau2-bench's simulation messages (`tau2.data_model.message`): calls carry
 * `name`, an `arguments` object and `requestor` on the call itself; a user's
 * calls (telecom's phone tools) go to the user side; results pair with the
 * tool message of the same `id`.
 */
import { describe, expect, it } from "vitest";
import { callsFromTau2Messages, hasTau2ToolCalls } from "../../../src/replay/formats/tau2-messages.js";
import { CallsFileError } from "../../../src/replay/formats/types.js";
import { compareRecordedResult } from "../../../src/replay/recorded-result.js";
import type { JsonValue } from "../../../src/json/types.js";

describe("hasTau2ToolCalls", () => {
  it("is true for a call named on the call itself, false for OpenAI's function shape or no calls", () => {
    expect(hasTau2ToolCalls([{ role: "assistant", tool_calls: [{ id: "t", name: "get_user_details", arguments: {}, requestor: "assistant" }] }])).toBe(true);
    expect(hasTau2ToolCalls([{ role: "assistant", tool_calls: [{ id: "t", function: { name: "x", arguments: "{}" } }] }])).toBe(false);
    expect(hasTau2ToolCalls([{ role: "assistant", content: "hi", tool_calls: null }])).toBe(false);
  });
});

describe("callsFromTau2Messages", () => {
  it("reads both sides' calls in order, the side from requestor (else the message's role), results by id", () => {
    const messages = [
      { role: "system", content: "policy" },
      { role: "assistant", content: null, tool_calls: [{ id: "a1", name: "get_customer_by_phone", arguments: { phone_number: "555-123-2002" }, requestor: "assistant" }], turn_idx: 1 },
      { role: "tool", id: "a1", content: '{"customer_id": "C1001"}', requestor: "assistant", error: false, turn_idx: 2 },
      { role: "user", content: null, tool_calls: [{ id: "u1", name: "check_status_bar", arguments: {} }], turn_idx: 3 },
      { role: "tool", id: "u1", content: "Status Bar: 📶 Excellent", requestor: "user", error: false },
      { role: "assistant", content: null, tool_calls: [{ id: "a2", name: "transfer_to_human_agents", arguments: null, requestor: "assistant" }] },
      { role: "user", content: null, tool_calls: [{ id: "u2", name: "toggle_data", requestor: "user" }] },
      { role: "tool", id: "u2", content: { not: "text" } },
    ];
    expect(callsFromTau2Messages(messages, "sim.json")).toStrictEqual([
      { name: "get_customer_by_phone", arguments: { phone_number: "555-123-2002" }, side: "agent", recorded: { text: '{"customer_id": "C1001"}' } },
      { name: "check_status_bar", arguments: {}, side: "user", recorded: { value: "Status Bar: 📶 Excellent" } },
      { name: "transfer_to_human_agents", arguments: {}, side: "agent" },
      { name: "toggle_data", arguments: {}, side: "user" },
    ]);
  });

  it("a result tau2 wrote as a plain string compares as the string; a JSON one as its JSON text", () => {
    const messages = [
      { role: "user", content: null, tool_calls: [{ id: "u1", name: "check_status_bar", arguments: {}, requestor: "user" }] },
      { role: "tool", id: "u1", content: "Status Bar: 📶 Excellent | 5G", requestor: "user" },
      { role: "assistant", content: null, tool_calls: [{ id: "a1", name: "get_customer_by_phone", arguments: {}, requestor: "assistant" }] },
      { role: "tool", id: "a1", content: '{"customer_id": "C1001"}', requestor: "assistant" },
    ];
    const [status, customer] = callsFromTau2Messages(messages, "sim.json");
    expect(compareRecordedResult(status?.recorded ?? { value: null }, "Status Bar: 📶 Excellent | 5G")).toStrictEqual({ same: true });
    const differs = compareRecordedResult(status?.recorded ?? { value: null }, "Status Bar: No Signal");
    expect(differs.same).toBe(false);
    expect(differs.same ? "" : differs.diff).toMatch(/^\$: recorded "Status Bar: .* Excellent \| 5G", evalsim "Status Bar: No Signal"$/);
    expect(compareRecordedResult(customer?.recorded ?? { value: null }, { customer_id: "C1001" })).toStrictEqual({ same: true });
  });

  it("names the place of each bad shape", () => {
    const bad: [JsonValue[], string][] = [
      [["x"], "sim.json[0]: expected a message object"],
      [[{ role: "assistant", tool_calls: "get_user" }], "sim.json[0].tool_calls: expected an array"],
      [[{ role: "user", tool_calls: [{ id: "u" }] }], "sim.json[0].tool_calls[0]: expected {id, name, arguments, requestor}"],
      [[{ role: "assistant", tool_calls: [{ id: "a", name: "get_user", arguments: "{}" }] }], "sim.json[0].tool_calls[0].arguments: expected an object"],
    ];
    for (const [messages, message] of bad) expect(() => callsFromTau2Messages(messages, "sim.json")).toThrow(new CallsFileError(message));
  });
});
