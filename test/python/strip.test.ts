import { describe, expect, it } from "vitest";
import { isPySpace, pyStrip } from "../../src/python/strip.js";

// Expected values: CPython 3.11 s.strip() and c.isspace().
describe("str.strip()", () => {
  it("strips Python's whitespace, not JavaScript's", () => {
    expect(pyStrip("\x1c a \x1f")).toBe("a");
    expect(pyStrip("\x85\xa0b\u3000")).toBe("b");
    expect(pyStrip("\ufeffa\ufeff")).toBe("\ufeffa\ufeff");
    expect(pyStrip("\u200bc")).toBe("\u200bc");
    expect(pyStrip("")).toBe("");
  });

  it("knows str.isspace() per code point", () => {
    expect([0x1c, 0x20, 0x85, 0x3000].map(isPySpace)).toEqual([true, true, true, true]);
    expect([0xfeff, 0x200b, 0x61].map(isPySpace)).toEqual([false, false, false]);
  });
});
