/** jsonEqual and sameDbHash: cheap DB comparison for the fuzzer. */
import { describe, expect, it } from "vitest";
import { jsonEqual, sameDbHash } from "../../src/fuzz/equality.js";

describe("jsonEqual", () => {
  it("compares deeply; NaN equals NaN", () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual(NaN, NaN)).toBe(true);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(jsonEqual(1, "1")).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(undefined, null)).toBe(false);
  });

  it("ignores key order unless asked to check it", () => {
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 }, true)).toBe(false);
    expect(jsonEqual([{ a: 1, b: 2 }], [{ a: 1, b: 2 }], true)).toBe(true);
  });
});

describe("sameDbHash", () => {
  it("forgives what the DB hash forgives: key order and the order of a list of dicts", () => {
    // tau2's get_dict_hash sorts keys, so key order never matters.
    expect(sameDbHash({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameDbHash({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameDbHash({ a: 1 }, undefined)).toBe(false);
    expect(sameDbHash(undefined, undefined)).toBe(true);
  });
});
