/**
 * From a model's tool calls to what runs, as pipecat 1.6.0's
 * `BaseOpenAILLMService._process_context` does: `json.loads(arguments or "{}")`,
 * a `JSONDecodeError` drops that call alone, any other exception of the
 * parse loses the whole reply's calls.
 */
import { describe, expect, it } from "vitest";
import { planReply, planToolCall } from "../../../src/engine/bots/llm-tool-calls.js";
import { isFloatAt } from "../../../src/json/py-float.js";

describe("planToolCall", () => {
  it("parses the argument text; an empty text is {} (`arguments or \"{}\"`); the model's id rides along", () => {
    expect(planToolCall("get_order", '{"order_id": "#W1"}', "m1")).toEqual({ kind: "dispatch", call: { name: "get_order", arguments: { order_id: "#W1" }, modelCallId: "m1" } });
    expect(planToolCall("list_all", "")).toEqual({ kind: "dispatch", call: { name: "list_all", arguments: {} } });
    // json.loads("[1, 2]") and json.loads("null") are values; dispatch decides what they mean.
    expect(planToolCall("t", "[1, 2]")).toEqual({ kind: "dispatch", call: { name: "t", arguments: [1, 2] } });
    expect(planToolCall("t", "null")).toEqual({ kind: "dispatch", call: { name: "t", arguments: null } });
  });

  it("notes a bare float (`2.0`), which the parsed number 2 cannot tell from the int", () => {
    const float = planToolCall("calculate", "2.0");
    expect(float).toEqual({ kind: "dispatch", call: { name: "calculate", arguments: 2, argumentsFloat: true } });
    expect(planToolCall("calculate", "2")).toEqual({ kind: "dispatch", call: { name: "calculate", arguments: 2 } });
    expect(float.kind === "dispatch" && isFloatAt(float.call, "arguments")).toBe(false);
  });

  it("drops a text json.loads refuses, keeping the text as written and what Python raised", () => {
    for (const text of ["{", "{'id': '1'}", "nan", '{"a": 1,}', " "]) {
      const planned = planToolCall("get_order", text, "m2");
      expect(planned).toMatchObject({ kind: "drop", dropped: { modelCallId: "m2", name: "get_order", arguments: text, raised: "JSONDecodeError" } });
    }
    expect(planToolCall("t", `{"n": ${"9".repeat(4301)}}`)).toMatchObject({ kind: "drop", dropped: { raised: "ValueError" } });
    expect(planToolCall("t", "[".repeat(5000) + "]".repeat(5000))).toMatchObject({ kind: "drop", dropped: { raised: "RecursionError" } });
  });
});

describe("planReply", () => {
  it("runs the calls that parse, in the reply's order with their place in it, and drops the rest", () => {
    const planned = planReply([
      { name: "a", arguments: "{}", modelId: "m0" },
      { name: "b", arguments: "{", modelId: "m1" },
      { name: "c", arguments: '{"x": 1}' },
    ]);
    expect(planned.run).toEqual([
      { index: 0, call: { name: "a", arguments: {}, modelCallId: "m0" } },
      { index: 2, call: { name: "c", arguments: { x: 1 } } },
    ]);
    expect(planned.dropped).toMatchObject([{ modelCallId: "m1", name: "b", arguments: "{", raised: "JSONDecodeError" }]);
  });

  it("loses every call of the reply when one parse raises past pipecat's `except json.JSONDecodeError`", () => {
    const planned = planReply([
      { name: "a", arguments: "{}", modelId: "m0" },
      { name: "b", arguments: `${"1".repeat(4301)}` },
      { name: "c", arguments: "{" },
    ]);
    expect(planned.run).toEqual([]);
    expect(planned.dropped.map((d) => [d.name, d.arguments.slice(0, 4), d.raised])).toEqual([
      ["a", "{}", "ValueError"],
      ["b", "1111", "ValueError"],
      ["c", "{", "JSONDecodeError"],
    ]);
    expect(planned.dropped[0]?.reason).toMatch(/^another call of this reply raised ValueError \(/);
    expect(planned.dropped[0]?.modelCallId).toBe("m0");
  });
});
