import { describe, expect, it } from "vitest";
import { align, errorCount } from "../../../../src/engine/channel/measure/align.js";
import { canonicalTokens, parseNumberWords } from "../../../../src/engine/channel/measure/canonical.js";

const text = (s: string): string => canonicalTokens(s).map((t) => t.text).join(" ");
const kinds = (s: string): string => canonicalTokens(s).map((t) => t.kind[0]).join("");

describe("the canonical form of said and written utterances", () => {
  it("reads number words the way a listener groups them", () => {
    const values = (s: string): number[] => parseNumberWords(s.split(" ")).map((n) => n.value);
    expect(values("one hundred twenty")).toEqual([120]);
    expect(values("eight fifty five")).toEqual([8, 55]);
    expect(values("four one two")).toEqual([4, 1, 2]);
    expect(values("twenty fifth")).toEqual([25]);
    expect(values("two thousand twenty six")).toEqual([2026]);
    expect(values("nineteen ninety")).toEqual([19, 90]);
  });

  it("gives a spoken utterance and its transcript the same tokens when nothing was misheard", () => {
    const pairs: [string, string][] = [
      ["My confirmation number is Z K three F F W and the last name is Rodriguez.", " My confirmation number is ZK3FFW and the last name is Rodriguez."],
      ["Take the one that arrives at eight fifty five a m.", "Take the one that arrives at 8:55 a.m."],
      ["arrive by four p m with total under one hundred twenty dollars", "arrive by 4:00 p.m. with total under $120."],
      ["my seat is twenty one A, on March twenty fifth", "my seat is 21A, on March 25th"],
      ["email robert dot white at gmail dot com", "email robert.white@gmail.com."],
      ["It is W H I T E, code M E L dash K U T six two nine", "It is W-H-I-T-E, code MEL-KUT629"],
      ["the eight oh five a m outbound, at two o'clock", "the 8:05 a.m. outbound, at 2"],
    ];
    for (const [said, written] of pairs) expect(text(written), said).toBe(text(said));
  });

  it("tells spelled letters and digits from words, the pronoun I and the article a included", () => {
    expect(kinds("I need Z K three")).toBe("wwlld");
    expect(kinds("it is I eight one")).toBe("wwldd");
    expect(kinds("a seat for A B C")).toBe("wwwlll");
  });
});

describe("the word alignment", () => {
  it("counts substitutions, deletions and insertions with a fixed tie order", () => {
    const ops = align(["z", "k", "3", "f", "f", "w"], ["c", "k", "3", "f", "f"]);
    expect(ops.map((o) => o.op)).toEqual(["sub", "match", "match", "match", "match", "del"]);
    expect(errorCount(ops)).toBe(2);
    expect(align(["a", "b"], ["a", "x", "b"]).map((o) => o.op)).toEqual(["match", "ins", "match"]);
    expect(align([], ["a"]).map((o) => o.op)).toEqual(["ins"]);
  });
});
