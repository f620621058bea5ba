import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactJsonChunks, compactJsonText } from "../../src/json/compact-text.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { markKeyOrder } from "../../src/json/py-key-order.js";
import { toJsonText, walkedJsonText } from "../../src/json/stringify.js";
import type { JsonValue } from "../../src/json/types.js";

// JSON values with what native JSON.stringify cannot write (bigints, NaN, ±Infinity), keys such as "__proto__" and "0", and holes left by undefined.
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 0 }),
  fc.bigInt(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e21, 5e-324, undefined),
  fc.string({ unit: "binary" }),
);
const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf as fc.Arbitrary<JsonValue>,
    fc.array(tie("v"), { maxLength: 5 }),
    fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom("__proto__", "0", "3", "10", "toJSON", "")), tie("v")), { maxLength: 5 }).map((kv) => {
      const o: Record<string, JsonValue> = {};
      const order: string[] = [];
      for (const [k, x] of kv) {
        if (!Object.hasOwn(o, k)) order.push(k);
        Object.defineProperty(o, k, { value: x, enumerable: true, writable: true, configurable: true });
      }
      // Python's insertion order, marked where JavaScript lists index keys otherwise.
      markKeyOrder(o, order);
      return o;
    }),
  ),
})).v;

describe("toJsonText", () => {
  it("writes what its own walk writes, with and without indentation", () => {
    fc.assert(
      fc.property(value, fc.constantFrom(0, 2, 4), (v, indent) => {
        expect(toJsonText(v, indent)).toBe(walkedJsonText(v, indent));
      }),
      { numRuns: 3000 },
    );
  });

  it("lists keys in their recorded Python order", () => {
    const o: Record<string, JsonValue> = { b: 1, "7": 2, "3": [] };
    markKeyOrder(o, ["b", "7", "3"]);
    expect(toJsonText({ o }, 2)).toBe('{\n  "o": {\n    "b": 1,\n    "7": 2,\n    "3": []\n  }\n}');
    expect(compactJsonText(deepFreeze({ o }))).toBe('{"o":{"b":1,"7":2,"3":[]}}');
  });

  it("spells bigints and non-finite numbers as Python does, and plain values as JSON.stringify does", () => {
    expect(toJsonText({ a: 12345678901234567890n, b: [NaN, -Infinity], c: "x" })).toBe('{"a":12345678901234567890,"b":[NaN,-Infinity],"c":"x"}');
    expect(toJsonText({ a: [1, { b: null }], c: "é\ud800" }, 2)).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": "é\\ud800"\n}');
  });
});

describe("compactJsonText", () => {
  it("writes toJsonText's compact text, for frozen, unfrozen and partly frozen values, the first time and again", () => {
    fc.assert(
      fc.property(value, fc.boolean(), (v, freeze) => {
        const expected = walkedJsonText(v);
        const shared = freeze ? deepFreeze(v) : v;
        // Inside a fresh (unfrozen) wrapper, as a request body holds its frozen history.
        expect(compactJsonText({ messages: [shared] })).toBe(`{"messages":[${expected}]}`);
        expect(compactJsonText(shared)).toBe(expected);
        expect(compactJsonText(shared)).toBe(expected);
        // As UTF-8 chunks, as requests are sent: twice, the second time from what was remembered.
        for (let k = 0; k < 2; k++) expect(Buffer.concat(compactJsonChunks({ messages: [shared, v] })).toString("utf8")).toBe(`{"messages":[${expected},${expected}]}`);
      }),
      { numRuns: 2000 },
    );
  });

  it("never serves a remembered text for a container that can still change", () => {
    const inner = { a: 1 };
    const outer = Object.freeze({ inner });
    expect(compactJsonText(outer)).toBe('{"inner":{"a":1}}');
    inner.a = 2;
    expect(compactJsonText(outer)).toBe('{"inner":{"a":2}}');
  });
});
