/** align and errorCount: word-level edit distance with its alignment. */
import { describe, expect, it } from "vitest";
import { align, errorCount } from "../../../../src/engine/channel/measure/align.js";

const w = (s: string): string[] => (s === "" ? [] : s.split(" "));

describe("align", () => {
  it("matches equal words", () => {
    expect(align(w("a b"), w("a b"))).toEqual([
      { op: "match", ref: 0, hyp: 0 },
      { op: "match", ref: 1, hyp: 1 },
    ]);
  });

  it("finds a substitution, a deletion and an insertion; walking back from the end, a tie goes to the substitution", () => {
    // "want to" -> "wanna" is one substitution and one deletion either way round; the later word is the substituted one.
    expect(align(w("i want to fly"), w("i wanna fly"))).toEqual([
      { op: "match", ref: 0, hyp: 0 },
      { op: "del", ref: 1 },
      { op: "sub", ref: 2, hyp: 1 },
      { op: "match", ref: 3, hyp: 2 },
    ]);
    expect(align(w("yes"), w("uh yes"))).toEqual([
      { op: "ins", hyp: 0, before: 0 },
      { op: "match", ref: 0, hyp: 1 },
    ]);
  });

  it("handles empty sides", () => {
    expect(align([], [])).toEqual([]);
    expect(align(w("a b"), [])).toEqual([{ op: "del", ref: 0 }, { op: "del", ref: 1 }]);
    expect(align([], w("x"))).toEqual([{ op: "ins", hyp: 0, before: 0 }]);
  });
});

describe("errorCount", () => {
  it("is the Levenshtein distance over words", () => {
    // kitten -> sitting, spelled as words: 3 edits.
    expect(errorCount(align(w("k i t t e n"), w("s i t t i n g")))).toBe(3);
    expect(errorCount(align(w("the cat sat"), w("the cat sat")))).toBe(0);
    expect(errorCount(align(w("a b c d"), w("")))).toBe(4);
  });
});
