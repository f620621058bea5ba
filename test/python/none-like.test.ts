import { describe, expect, it } from "vitest";
import { isNoneLikeString } from "../../src/python/none-like.js";

// Expected values: CPython 3.11 `s.strip().lower() in ("none", "null")`.
describe("isNoneLikeString", () => {
  it.each([
    ["None", true],
    [" null ", true],
    ["NONE\n", true],
    ["\x85None\u3000", true],
    ["nil", false],
    ["None!", false],
    ["\ufeffNone", false],
    ["nonenone", false],
    ["", false],
  ])("%j -> %s", (s, expected) => {
    expect(isNoneLikeString(s)).toBe(expected);
  });
});
