import { describe, expect, it } from "vitest";
import { tokenize } from "../../../src/python/expr/tokenize.js";

// Expected tokens are what Python's own `tokenize` module yields for the same text (exact types
// and strings, newline and end markers left out); errors are the SyntaxError messages of `eval`.
const kinds = (source: string): [string, string][] => tokenize(source).tokens.filter((t) => t.kind !== "end").map((t) => [t.kind, t.text]);

describe("tokenize", () => {
  it("splits numbers and operators as CPython does", () => {
    expect(kinds("1 + 2.5")).toEqual([["number", "1"], ["+", "+"], ["number", "2.5"]]);
    expect(kinds("2**-3//4")).toEqual([["number", "2"], ["**", "**"], ["-", "-"], ["number", "3"], ["//", "//"], ["number", "4"]]);
    expect(kinds(".5*(3.)")).toEqual([["number", ".5"], ["*", "*"], ["(", "("], ["number", "3."], [")", ")"]]);
    expect(kinds("...")).toEqual([["...", "..."]]);
    // Leading zeros are allowed before a fraction.
    expect(kinds("007.5")).toEqual([["number", "007.5"]]);
  });

  it("ends with an end token and records the parenthesis depth", () => {
    const t = tokenize("(1");
    expect(t.tokens.at(-1)?.kind).toBe("end");
    expect(t.tokens.map((x) => x.level)).toEqual([1, 1, 1]);
    expect(t.unclosed).toBe(true);
    expect(tokenize("(1)").unclosed).toBe(false);
  });

  it("reports the tokenizer's own errors", () => {
    expect(tokenize("01").error).toBe("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
    expect(tokenize(")").error).toBe("unmatched ')'");
    expect(tokenize("(".repeat(201) + "1" + ")".repeat(201)).error).toBe("too many nested parentheses");
    expect(tokenize("00").error).toBeUndefined();
  });
});
