import { describe, expect, it } from "vitest";
import { closest, didYouMean, editDistance } from "../../src/cli/suggest.js";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent swaps as one edit each", () => {
    expect(editDistance("", "")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("gold", "gold")).toBe(0);
    expect(editDistance("gold", "golds")).toBe(1);
    expect(editDistance("gold", "god")).toBe(1);
    expect(editDistance("gold", "bold")).toBe(1);
    expect(editDistance("gold", "glod")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("closest", () => {
  const commands = ["run", "gold", "replay", "report", "compare", "crosscheck"];

  it("finds a likely typo within a third of the word's length", () => {
    expect(closest("reaply", commands)).toBe("replay");
    expect(closest("comprae", commands)).toBe("compare");
  });

  it("takes a word that is the start of a candidate", () => {
    expect(closest("cross", commands)).toBe("crosscheck");
  });

  it("gives nothing when no candidate is close", () => {
    expect(closest("zzzz", commands)).toBeUndefined();
    expect(closest("x", commands)).toBeUndefined();
  });
});

describe("didYouMean", () => {
  it("is a clause to append, or nothing", () => {
    expect(didYouMean("--domian", ["--domain", "--scenarios"])).toBe("; did you mean '--domain'?");
    expect(didYouMean("--frobnicate", ["--domain", "--scenarios"])).toBe("");
  });
});
