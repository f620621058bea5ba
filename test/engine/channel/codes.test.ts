/** Identifier-shaped tokens and how a synthesizer reads them unspelled. */
import { describe, expect, it } from "vitest";
import { findCodeTokens, isCodeShaped, numberWords, synthesizedCode } from "../../../src/engine/channel/codes.js";

describe("isCodeShaped", () => {
  it("letters with digits, underscores, or three capitals; never under three characters", () => {
    expect(["ZK3FFW", "SK621", "#W2378156", "emma_kim_9957", "JFK", "EHGLPQ"].filter(isCodeShaped)).toHaveLength(6);
    expect(["A1", "Hello", "Jfk", "2024", "ok"].filter(isCodeShaped)).toEqual([]);
  });
});

describe("findCodeTokens", () => {
  it("finds codes in order, trimming a sentence's dot and skipping e-mail parts", () => {
    expect(findCodeTokens("Booking ZK3FFW on SK621. Mail emma_kim@example.com or call about #W2378156.")).toEqual([
      { start: 8, end: 14, text: "ZK3FFW" },
      { start: 18, end: 23, text: "SK621" },
      { start: 65, end: 74, text: "#W2378156" },
    ]);
  });
});

describe("numberWords", () => {
  it.each([
    ["9957", "nine thousand nine hundred fifty seven"],
    ["0621", "six hundred twenty one"],
    ["0000", "zero"],
    ["14", "fourteen"],
    ["100", "one hundred"],
    ["1002003", "one million two thousand three"],
    ["1234567890", "one two three four five six seven eight nine zero"],
  ])("%s is read %s", (digits, words) => {
    expect(numberWords(digits)).toBe(words);
  });
});

describe("synthesizedCode", () => {
  it("reads letter runs as a word and digit runs as a number", () => {
    expect(synthesizedCode("ZK3FFW")).toBe("zk three ffw");
    expect(synthesizedCode("emma_kim_9957")).toBe("emma kim nine thousand nine hundred fifty seven");
    expect(synthesizedCode("#W2378156")).toBe("w two million three hundred seventy eight thousand one hundred fifty six");
  });
});
