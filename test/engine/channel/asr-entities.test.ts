import { describe, expect, it } from "vitest";
import { numberEdit, spelledRunEdit } from "../../../src/engine/channel/asr-entities.js";
import { findSpokenNumbers } from "../../../src/engine/channel/numbers.js";
import type { AsrProfile } from "../../../src/engine/channel/profile.js";
import { presetProfile } from "../../../src/engine/channel/profile.js";
import { findSpelledRuns } from "../../../src/engine/channel/spelling.js";
import type { Rng } from "../../../src/engine/rng.js";

const base = presetProfile("eva-asr")?.asr;
if (!base) throw new Error("the eva-asr preset has an ASR side");
/** A line that makes no entity errors unless a test turns one on. */
const silent: AsrProfile = { ...base, groupDrop: 0, letterDrop: 0, digitDrop: 0, digitConfusion: 0, letterConfusion: { easy: 0, medium: 0, hard: 0 } };

/** An Rng playing `next` and `int` scripts (then 0.99 and 0). */
function scripted(next: number[], ints: number[] = []): Rng {
  const rng: Rng = { next: () => next.shift() ?? 0.99, int: () => ints.shift() ?? 0, hex: (n) => "0".repeat(n), fork: () => rng };
  return rng;
}

const runOf = (text: string): NonNullable<ReturnType<typeof findSpelledRuns>[number]> => {
  const run = findSpelledRuns(text)[0];
  if (!run) throw new Error(`no spelled run in ${text}`);
  return run;
};

describe("spelledRunEdit", () => {
  it("writes a spelled code as one token and a spelled name letter by letter", () => {
    const code = "my code is Z, K, three, F, F, W. thanks";
    const e = spelledRunEdit(code, runOf(code), silent, "medium", scripted([]), false);
    expect(e.replacement).toBe("ZK3FFW");
    expect(code.slice(e.at, e.end)).toBe("Z, K, three, F, F, W");
    expect(e.effect).toEqual({ kind: "spelled_code", at: e.at, end: e.end, original: "Z, K, three, F, F, W", heard: "ZK3FFW" });
    expect(e.within).toEqual([]);
    const name = "it is W H I T E";
    expect(spelledRunEdit(name, runOf(name), silent, "medium", scripted([]), false).replacement).toBe("W-H-I-T-E");
  });

  it("confuses a letter with its observed sound-alike and records where", () => {
    const text = "T, A, X";
    const asr = { ...silent, letterConfusion: { easy: 0, medium: 1, hard: 0 } };
    // Group draw 0.99 (none); T: confusion draw 0 (< 1), then the weighted pick 0 → "P"; A and X have no confusions: drop draws 0.99.
    const e = spelledRunEdit(text, runOf(text), asr, "medium", scripted([0.99, 0, 0]), false);
    expect(e.replacement).toBe("P-A-X");
    expect(e.within).toEqual([{ kind: "letter_confusion", at: 0, end: 1, original: "T", heard: "P", difficulty: "medium" }]);
  });

  it("loses a group of characters as one effect", () => {
    const text = "A, B, C, D, E";
    // group draw 0 (< 1); size 2 + int 0 = 2; first = int 1 → B and C lost.
    const e = spelledRunEdit(text, runOf(text), { ...silent, groupDrop: 1 }, "medium", scripted([0], [0, 1]), false);
    expect(e.replacement).toBe("A-D-E");
    expect(e.within).toEqual([{ kind: "group_drop", at: 3, end: 7, original: "B, C" }]);
  });

  it("changes nothing when quiet, whatever the rates", () => {
    const text = "T, A, X";
    const loud = { ...silent, groupDrop: 1, letterDrop: 1, letterConfusion: { easy: 1, medium: 1, hard: 1 } };
    expect(spelledRunEdit(text, runOf(text), loud, "hard", scripted([0, 0, 0]), true).replacement).toBe("T-A-X");
  });
});

describe("numberEdit", () => {
  const spanOf = (text: string): NonNullable<ReturnType<typeof findSpokenNumbers>[number]> => {
    const s = findSpokenNumbers(text)[0];
    if (!s) throw new Error(`no number in ${text}`);
    return s;
  };

  it("writes a said number as a recogniser does", () => {
    const text = "it was one hundred twenty dollars";
    const e = numberEdit(text, spanOf(text), silent, scripted([]), false);
    expect(e.replacement).toBe("$120");
    expect(e.effect).toEqual({ kind: "number_words", at: 7, end: 33, original: "one hundred twenty dollars", heard: "$120" });
  });

  it("hears a teen as its ten and back (fifteen / fifty)", () => {
    const asr = { ...silent, digitConfusion: 1 };
    const fifteen = "fifteen bags";
    expect(numberEdit(fifteen, spanOf(fifteen), asr, scripted([0]), false).replacement).toBe("50");
    const fifty = "fifty bags";
    const e = numberEdit(fifty, spanOf(fifty), asr, scripted([0]), false);
    expect(e.replacement).toBe("15");
    expect(e.within).toEqual([{ kind: "digit_confusion", at: 0, end: 5, original: "50", heard: "15" }]);
  });

  it("loses a short number whole to a group drop", () => {
    const text = "twenty two";
    const e = numberEdit(text, spanOf(text), { ...silent, groupDrop: 1 }, scripted([0]), false);
    expect(e.replacement).toBe("");
    expect(e.within).toEqual([{ kind: "group_drop", at: 0, end: 10, original: "twenty two" }]);
  });

  it("drops single digits of a digit sequence", () => {
    const text = "four one two";
    // Group draw 0.99 (none); keep draws: 0.99 keeps, 0 drops, 0.99 keeps.
    const e = numberEdit(text, spanOf(text), { ...silent, digitDrop: 0.5 }, scripted([0.99, 0.99, 0, 0.99]), false);
    expect(e.replacement).toBe("42");
    expect(e.within).toEqual([{ kind: "digit_drop", at: 0, end: 12, original: "four one two" }]);
  });

  it("never drops digits of a time", () => {
    const text = "at eight fifty five a m";
    expect(numberEdit(text, spanOf(text), { ...silent, groupDrop: 1, digitDrop: 1 }, scripted([]), false).replacement).toBe("8:55 a.m.");
  });
});
