/** EditList, tidy and wordsOf: span edits on an utterance. */
import { describe, expect, it } from "vitest";
import { EditList, tidy, wordsOf } from "../../../src/engine/channel/edits.js";

describe("EditList", () => {
  it("drops an edit overlapping an accepted one, and applies the rest in text order", () => {
    const edits = new EditList();
    expect(edits.add({ at: 4, end: 9, replacement: "", effect: { kind: "word_drop", at: 4, end: 9, original: "quick" } })).toBe(true);
    expect(edits.add({ at: 6, end: 12, replacement: "x", effect: { kind: "word_drop", at: 6, end: 12, original: "ick br" } })).toBe(false);
    expect(edits.add({ at: 0, end: 3, replacement: "A", effect: { kind: "muffle", at: 0, end: 3, original: "the", heard: "A" } })).toBe(true);
    const out = edits.apply("the quick brown fox");
    expect(out.text).toBe("A brown fox");
    expect(out.effects.map((e) => e.kind)).toEqual(["muffle", "word_drop"]);
  });

  it("lets an insertion sit at a replacement's edge but not inside it", () => {
    const edits = new EditList();
    edits.add({ at: 4, end: 9, replacement: "slow", effect: { kind: "muffle", at: 4, end: 9, original: "quick", heard: "slow" } });
    expect(edits.free(4, 4)).toBe(true);
    expect(edits.free(9, 9)).toBe(true);
    expect(edits.free(6, 6)).toBe(false);
    expect(edits.free(0, 4)).toBe(true);
    expect(edits.free(8, 12)).toBe(false);
  });

  it("lists the effects inside a replaced span after the span's own", () => {
    const edits = new EditList();
    edits.add({
      at: 0,
      end: 3,
      replacement: "ABD",
      effect: { kind: "muffle", at: 0, end: 3, original: "ABC", heard: "ABD" },
      within: [{ kind: "homophone", at: 2, end: 3, original: "C", heard: "D" }],
    });
    expect(edits.apply("ABC ok").effects.map((e) => e.kind)).toEqual(["muffle", "homophone"]);
  });
});

describe("tidy", () => {
  it("closes the gaps a dropped word leaves", () => {
    expect(tidy("I  want , to go  .")).toBe("I want, to go.");
    expect(tidy(", so,, yes  ")).toBe("so, yes");
    expect(tidy("a \nb")).toBe("a\nb");
  });
});

describe("wordsOf", () => {
  it("finds words with offsets, keeping ids and dropping trailing dots and dashes", () => {
    expect(wordsOf("Hi, I'm at gate B-12. Call 555-0100.")).toEqual([
      { start: 0, end: 2, text: "Hi" },
      { start: 4, end: 7, text: "I'm" },
      { start: 8, end: 10, text: "at" },
      { start: 11, end: 15, text: "gate" },
      { start: 16, end: 20, text: "B-12" },
      { start: 22, end: 26, text: "Call" },
      { start: 27, end: 35, text: "555-0100" },
    ]);
    expect(wordsOf("-- ...")).toEqual([]);
  });
});
