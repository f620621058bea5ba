/**
 * A recorded call's argument text read as Python's `json.loads` reads it:
 * a bare `2.0` is a float (marked, since the number 2 cannot say so), key
 * order is kept, an empty text is no arguments, and text that is not JSON
 * is one error naming where it was.
 */
import { describe, expect, it } from "vitest";
import { pyKeys } from "../../../src/json/py-key-order.js";
import { parseArgumentsText } from "../../../src/replay/formats/arguments-text.js";
import { CallsFileError } from "../../../src/replay/formats/types.js";

describe("parseArgumentsText", () => {
  it("a bare float is marked as one; an int, an object or a float inside an object is not", () => {
    expect(parseArgumentsText("2.0", "c")).toStrictEqual({ arguments: 2, argumentsFloat: true });
    expect(parseArgumentsText(" 1e2 ", "c")).toStrictEqual({ arguments: 100, argumentsFloat: true });
    expect(parseArgumentsText("2", "c")).toStrictEqual({ arguments: 2 });
    expect(parseArgumentsText('{"x": 2.0}', "c")).toStrictEqual({ arguments: { x: 2 } });
    expect(parseArgumentsText('"2.0"', "c")).toStrictEqual({ arguments: "2.0" });
  });

  it("keeps the keys in the order of the text, as json.loads does", () => {
    const { arguments: args } = parseArgumentsText('{"b": 1, "a": {"d": 2, "c": 3}, "10": 0, "2": 0}', "c");
    // python3: list(json.loads(text)) == ['b', 'a', '10', '2']; list(json.loads(text)['a']) == ['d', 'c']
    expect(pyKeys(args as object)).toStrictEqual(["b", "a", "10", "2"]);
    expect(pyKeys((args as Record<string, object>)["a"] as object)).toStrictEqual(["d", "c"]);
  });

  it("an empty or blank text is no arguments (pipecat writes '' for a call without any)", () => {
    expect(parseArgumentsText("", "c")).toStrictEqual({ arguments: {} });
    expect(parseArgumentsText(" \n", "c")).toStrictEqual({ arguments: {} });
  });

  it("text json.loads refuses is a CallsFileError naming the field and showing the text's start", () => {
    for (const text of ['{"a": ', "nope", "[1,", "{'a': 1}", "NaNa"]) {
      let error: unknown;
      try {
        parseArgumentsText(text, "calls.json[3].tool_calls[0]");
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(CallsFileError);
      expect((error as Error).message, text).toMatch(/^calls\.json\[3\]\.tool_calls\[0\]\.function\.arguments: not valid JSON \(.+\): /);
      expect((error as Error).message.endsWith(`: ${text}`), text).toBe(true);
    }
    expect(() => parseArgumentsText(`{"a": "${"x".repeat(200)}`, "c")).toThrow(`: {"a": "${"x".repeat(72)}`);
  });
});
