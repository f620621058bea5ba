import { describe, expect, it } from "vitest";
import { findSpelledRuns, spellOut, unitChar } from "../../../src/engine/channel/spelling.js";
import { findCodeTokens, isCodeShaped, numberWords, synthesizedCode } from "../../../src/engine/channel/codes.js";

describe("spelled identifiers", () => {
  it("spells one character at a time: letters upper-case, digits and symbols as words", () => {
    expect(spellOut("emma_kim_9957")).toBe("E, M, M, A, underscore, K, I, M, underscore, nine, nine, five, seven");
    expect(spellOut("#W01")).toBe("hash, W, zero, one");
  });

  it("reads spelled runs back, whatever separates their units", () => {
    const runs = findSpelledRuns("My code is Z, K, three, F-F-W and my name is Kim.");
    expect(runs.map((r) => r.chars)).toEqual(["ZK3FFW"]);
    expect(runs[0]?.start).toBe(11);
    expect(findSpelledRuns("E M M A underscore nine")[0]?.chars).toBe("EMMA_9");
  });

  it("does not take ordinary words for a spelled run", () => {
    expect(findSpelledRuns("I have two bags and one cat.")).toEqual([]);
    expect(findSpelledRuns("I am a customer.")).toEqual([]);
    expect(unitChar("dot")).toBe(".");
    expect(unitChar("cat")).toBeUndefined();
  });
});

describe("code-shaped tokens", () => {
  it("are letters with digits, underscore-joined words, or runs of capitals", () => {
    for (const t of ["ZK3FFW", "SK621", "#W2378156", "emma_kim_9957", "EHGLPQ", "JFK"]) expect(isCodeShaped(t), t).toBe(true);
    for (const t of ["Emma", "2026", "OK", "hello", "555-123-2002"]) expect(isCodeShaped(t), t).toBe(false);
  });

  it("are found with their offsets; an e-mail address and a sentence's full stop are not part of them", () => {
    expect(findCodeTokens("Your code is ZK3FFW. Mail emma.kim3947@example.com.").map((t) => [t.text, t.start])).toEqual([["ZK3FFW", 13]]);
  });

  it("are read by a synthesizer as letter-words and whole numbers", () => {
    expect(synthesizedCode("ZK3FFW")).toBe("zk three ffw");
    expect(synthesizedCode("SK621")).toBe("sk six hundred twenty one");
    expect(synthesizedCode("emma_kim_9957")).toBe("emma kim nine thousand nine hundred fifty seven");
    expect(numberWords("0042")).toBe("forty two");
    expect(numberWords("1000001")).toBe("one million one");
  });
});
