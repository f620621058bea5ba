import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Mangle } from "../../src/fuzz/values.js";
import { applyMangle, DANGEROUS_KEYS, edgeNumberArb, MANGLES, objectWithKeysArb, setOwn, wrongTypeArb } from "../../src/fuzz/values.js";
import type { JsonObject } from "../../src/json/types.js";

describe("setOwn", () => {
  it("sets __proto__ as an own key, as JSON.parse does, leaving the prototype alone", () => {
    const o: JsonObject = {};
    setOwn(o, "__proto__", { polluted: true });
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(JSON.stringify(o)).toBe(JSON.stringify(JSON.parse('{"__proto__":{"polluted":true}}')));
    expect(Object.keys(o)).toEqual(["__proto__"]);
  });
});

describe("applyMangle", () => {
  it("bends a string id as a caller or recogniser might", () => {
    const expected: Record<Mangle, unknown> = {
      upper: "PAX001AB",
      lower: "pax001ab",
      swapcase: "pax001AB",
      dropLast: "PAX001a",
      dropFirst: "AX001ab",
      appendChar: "PAX001abx",
      bumpDigit: "PAX002ab",
      stripZeros: "PAX1ab",
      padSpaces: " PAX001ab ",
      hashPrefix: "#PAX001ab",
      stripHash: "PAX001ab",
      zeroWidth: "P\u200BAX001ab",
      fullwidth: "ＰＡＸ００１ａｂ",
      double: "PAX001abPAX001ab",
      asNumber: 8,
    };
    expect([...MANGLES].sort()).toEqual(Object.keys(expected).sort());
    for (const m of MANGLES) expect(applyMangle("PAX001ab", m), m).toEqual(expected[m]);
  });

  it("bumps the last digit with wrap-around, or appends one", () => {
    expect(applyMangle("A19", "bumpDigit")).toBe("A10");
    expect(applyMangle("ABC", "bumpDigit")).toBe("ABC0");
    expect(applyMangle("#W1", "stripHash")).toBe("W1");
    expect(applyMangle("42", "asNumber")).toBe(42);
    expect(applyMangle(" ", "asNumber")).toBe(1);
  });

  it("moves numbers to their neighbours or their text, and leaves other values alone", () => {
    expect(applyMangle(5, "asNumber")).toBe(-5);
    expect(applyMangle(5, "appendChar")).toBe(6);
    expect(applyMangle(5, "dropLast")).toBe(4);
    expect(applyMangle(5, "upper")).toBe("5");
    expect(applyMangle(null, "upper")).toBeNull();
    expect(applyMangle(true, "double")).toBe(true);
  });
});

const typeOf = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

describe("wrongTypeArb", () => {
  it("never yields the expected type (numbers and integers count as one)", () => {
    for (const [expected, forbidden] of [["number", "number"], ["integer", "number"], ["boolean", "boolean"], ["null", "null"], ["array", "array"]] as const) {
      for (const v of fc.sample(wrongTypeArb(expected), { numRuns: 200, seed: 3 })) expect(typeOf(v), expected).not.toBe(forbidden);
    }
  });

  it("offers a string field only numeric-looking strings among its strings", () => {
    const strings = fc.sample(wrongTypeArb("string"), { numRuns: 300, seed: 3 }).filter((v): v is string => typeof v === "string");
    const numeric = new Set(["NaN", "nan", "Infinity", "-inf", "1e309", "1e308", "-1", "0", "1", " 5 ", "5.0", "5.5", "0x10", "1_000", "١٢", "+3", ""]);
    for (const v of strings) expect(numeric.has(v) || /^[-+\s\d.e_x]*$/i.test(v), v).toBe(true);
  });
});

describe("objectWithKeysArb and edge values", () => {
  it("builds objects whose dangerous keys are own keys", () => {
    const samples = fc.sample(objectWithKeysArb(fc.constantFrom(...DANGEROUS_KEYS), fc.constant(1)), { numRuns: 100, seed: 5 });
    for (const o of samples) {
      expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
      for (const k of Object.keys(o)) expect(Object.hasOwn(o, k)).toBe(true);
    }
    expect(samples.some((o) => Object.hasOwn(o, "__proto__"))).toBe(true);
  });

  it("includes non-finite and extreme numbers", () => {
    const nums = fc.sample(edgeNumberArb, { numRuns: 500, seed: 1 });
    expect(nums.some((n) => !Number.isFinite(n))).toBe(true);
  });
});
