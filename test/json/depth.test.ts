import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { depthExceededAt, pathAt } from "../../src/json/depth.js";
import { JsonDepthError, JsonSyntaxError, parsePythonJson } from "../../src/json/parse.js";

const nested = (n: number): string => "[".repeat(n) + "]".repeat(n);

describe("the JSON nesting limit", () => {
  it("refuses 100,000 levels before parsing, with the path, instead of overflowing the stack", () => {
    const text = nested(100_000);
    let caught: unknown;
    try {
      parsePythonJson(text);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(JsonDepthError);
    expect(caught).toBeInstanceOf(JsonSyntaxError);
    expect((caught as JsonDepthError).message).toBe("nesting deeper than 512 levels at [0][0][0][0][0][0]…[0][0][0][0]");
    expect((caught as JsonDepthError).offset).toBe(512);
  });

  it("accepts exactly the limit and refuses one more", () => {
    expect(parsePythonJson(nested(512))).toBeInstanceOf(Array);
    expect(() => parsePythonJson(nested(513))).toThrow(JsonDepthError);
    expect(() => parsePythonJson(nested(3), { maxDepth: 2 })).toThrow("nesting deeper than 2 levels at [0][0]");
  });

  it("names keys and indices on the way down, quoting keys that are not plain", () => {
    const text = `{"a": [1, 2, {"b c": {"d": ${nested(4)}}}], "z": 0}`;
    expect(() => parsePythonJson(text, { maxDepth: 5 })).toThrow('nesting deeper than 5 levels at a[2]["b c"].d[0]');
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = `{"k": "[[[[{{{{\\"[[[[", "l": ["]]]]\\\\", "[["]}`;
    expect(depthExceededAt(text, 2)).toBe(-1);
    expect(parsePythonJson(text, { maxDepth: 2 })).toEqual({ k: '[[[[{{{{"[[[[', l: ["]]]]\\", "[["] });
  });

  it("agrees with the depth of generated documents", () => {
    const depthOf = (v: unknown): number => (Array.isArray(v) ? 1 + Math.max(0, ...v.map(depthOf)) : v !== null && typeof v === "object" ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(depthExceededAt(text, limit) === -1).toBe(depthOf(value) <= limit);
      }),
      { numRuns: 300 },
    );
  });

  it("pathAt shows a shallow path whole", () => {
    const text = '{"x": [[0, [9]]]}';
    expect(pathAt(text, text.indexOf("[9]"))).toBe("x[0][1]");
    expect(pathAt(text, 0)).toBe("(top level)");
  });
});
