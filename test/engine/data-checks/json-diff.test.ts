/** jsonDifferences: path by path, key order included. */
import { describe, expect, it } from "vitest";
import { jsonDifferences } from "../../../src/engine/data-checks/json-diff.js";

describe("jsonDifferences", () => {
  it("finds nothing in equal values, NaN included", () => {
    expect(jsonDifferences({ a: [1, { b: "x" }], n: NaN }, { a: [1, { b: "x" }], n: NaN })).toEqual([]);
  });

  it("names missing, extra and changed values by path", () => {
    expect(jsonDifferences({ a: 1, b: [1, 2], c: { d: true } }, { a: 2, b: [1], c: { d: true, e: null } })).toEqual([
      { kind: "value", path: ["a"], expected: 1, actual: 2 },
      { kind: "missing", path: ["b", 1], expected: 2 },
      { kind: "extra", path: ["c", "e"], actual: null },
    ]);
    expect(jsonDifferences([1], [1, "x"])).toEqual([{ kind: "extra", path: [1], actual: "x" }]);
  });

  it("reports the key order of shared keys once per object", () => {
    expect(jsonDifferences({ a: 1, b: 2, c: 3 }, { b: 2, a: 1 })).toEqual([
      { kind: "missing", path: ["c"], expected: 3 },
      { kind: "order", path: [], expected: ["a", "b"], actual: ["b", "a"] },
    ]);
  });

  it("a container against a scalar, or a list against an object, is one value difference", () => {
    expect(jsonDifferences({ a: [1] }, { a: { 0: 1 } })).toEqual([{ kind: "value", path: ["a"], expected: [1], actual: { 0: 1 } }]);
    expect(jsonDifferences("1", 1)).toEqual([{ kind: "value", path: [], expected: "1", actual: 1 }]);
  });

  it("compares big integers with numbers by value", () => {
    expect(jsonDifferences(12345678901234567890n, 12345678901234567890n)).toEqual([]);
    expect(jsonDifferences(5n, 5)).toEqual([]);
    expect(jsonDifferences(5n, 6)).toEqual([{ kind: "value", path: [], expected: 5n, actual: 6 }]);
  });
});
