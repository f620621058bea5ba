/** Where a laid-out fixture first differs from its upstream copy. */
import { describe, expect, it } from "vitest";
import { differingLines, firstDifference, linesWithoutTrailingSpace } from "../../../src/engine/data-checks/byte-compare.js";

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("firstDifference", () => {
  it("is undefined for equal bytes", () => {
    expect(firstDifference(bytes("a\nb"), bytes("a\nb"))).toBeUndefined();
    expect(firstDifference(bytes(""), bytes(""))).toBeUndefined();
  });

  it("counts lines and columns from 1, restarting the column after each newline", () => {
    expect(firstDifference(bytes("abc"), bytes("abd"))).toEqual({ line: 1, column: 3 });
    expect(firstDifference(bytes("ab\ncd\nef"), bytes("ab\ncd\neX"))).toEqual({ line: 3, column: 2 });
  });

  it("reports the end of the shorter input when one is a prefix of the other", () => {
    expect(firstDifference(bytes("ab\nc"), bytes("ab\ncde"))).toEqual({ line: 2, column: 2 });
    expect(firstDifference(bytes("ab\n"), bytes("ab"))).toEqual({ line: 1, column: 3 });
  });
});

describe("linesWithoutTrailingSpace", () => {
  it("strips trailing whitespace of each line and drops trailing blank lines", () => {
    expect(linesWithoutTrailingSpace("a  \n b\t\n\n  \n")).toEqual(["a", " b"]);
    expect(linesWithoutTrailingSpace("")).toEqual([]);
  });
});

describe("differingLines", () => {
  it("numbers differing lines from 1, counting lines only one side has", () => {
    expect(differingLines(["a", "b", "c"], ["a", "x", "c", "d"])).toEqual([2, 4]);
    expect(differingLines(["a"], ["a"])).toEqual([]);
  });
});
