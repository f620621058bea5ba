import { describe, expect, it } from "vitest";
import { isFloatAt } from "../../src/json/py-float.js";
import { pyKeys } from "../../src/json/py-key-order.js";
import { JsonDepthError, JsonSyntaxError, parseExactly, parsePythonJson } from "../../src/json/parse.js";
import type { JsonObject } from "../../src/json/types.js";

// Expected values: what python3's json.loads returns for the same text.
describe("parsePythonJson", () => {
  it("keeps integers beyond 2^53 exact and accepts NaN and Infinity", () => {
    expect(parsePythonJson("[9007199254740993, NaN, -Infinity]")).toEqual([9007199254740993n, NaN, -Infinity]);
    expect(parseExactly("12345678901234567890")).toBe(12345678901234567890n);
  });

  it("remembers integral floats and Python's key order", () => {
    // json.loads('{"b": 25.0, "2": 2, "a": 1e18}') -> {'b': 25.0, '2': 2, 'a': 1e+18}
    for (const parse of [parsePythonJson, parseExactly]) {
      const o = parse('{"b": 25.0, "2": 2, "a": 1e18}') as JsonObject;
      expect(pyKeys(o)).toEqual(["b", "2", "a"]);
      expect([isFloatAt(o, "b"), isFloatAt(o, "2"), isFloatAt(o, "a")]).toEqual([true, false, true]);
    }
  });

  it("keeps the last of repeated keys, as json.loads does", () => {
    expect(parsePythonJson('{"a": 1, "a": 2}')).toEqual({ a: 2 });
  });

  it("refuses bad text and deep nesting with its own errors", () => {
    expect(() => parsePythonJson('{"a": }')).toThrow(JsonSyntaxError);
    expect(() => parsePythonJson("[1,]")).toThrow(JsonSyntaxError);
    expect(() => parsePythonJson("[".repeat(20) + "]".repeat(20), { maxDepth: 10 })).toThrow(JsonDepthError);
  });
});
