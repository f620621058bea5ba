import { describe, expect, it } from "vitest";
import { asrHear, CONFUSABLE_LETTERS, INAUDIBLE } from "../../../src/engine/channel/asr.js";
import type { AsrProfile } from "../../../src/engine/channel/profile.js";
import { createRng } from "../../../src/engine/rng.js";

/** A profile with every effect off. */
const OFF: AsrProfile = {
  wordDropRate: 0,
  muffleProbability: 0,
  muffleSpans: 1,
  muffleWords: 1,
  insertsPerMinute: 0,
  vocalTics: [],
  minWordsForTics: 3,
  sidePhrases: [],
  homophoneRate: 0,
  letterConfusion: { easy: 0, medium: 0, hard: 0 },
  normalizeNumbers: false,
};
const SAID = "Sure. I am Mia Li, spelled M, I, A, and L, I. My user id is M, I, A, underscore, L, I, underscore, three, six, six, eight.";
const VOICE = { homophones: { Mia: ["Mya"], Li: ["Lee"] }, fields: [{ value: "Mia", difficulty: "hard" as const }, { value: "mia_li_3668", difficulty: "medium" as const }] };
const hear = (p: Partial<AsrProfile>, text = SAID, seed = 1) => asrHear(text, { ...OFF, ...p }, VOICE, createRng(seed));

describe("the ASR side", () => {
  it("at rate 0 hears every word as said and records nothing", () => {
    for (let seed = 0; seed < 20; seed++) expect(hear({}, SAID, seed)).toEqual({ text: SAID, effects: [] });
  });

  it("drops words at the frame-drop rate", () => {
    const all = hear({ wordDropRate: 1 }, "Hold my reservation");
    expect(all.text).toBe("");
    expect(all.effects.map((e) => e.kind)).toEqual(["word_drop", "word_drop", "word_drop"]);
    const some = hear({ wordDropRate: 0.5 }, "one two three four five six seven eight nine ten eleven twelve", 3);
    expect(some.effects.length).toBeGreaterThan(0);
    expect(some.effects.length).toBeLessThan(12);
  });

  it("muffles a span at the muffle probability, as inaudible or a plausible mis-hearing", () => {
    const r = hear({ muffleProbability: 1, muffleWords: 2 }, "please cancel my booking today");
    expect(r.effects).toHaveLength(1);
    const e = r.effects[0];
    expect(e?.kind).toBe("muffle");
    if (e?.kind !== "muffle") return;
    expect(e.original.split(" ")).toHaveLength(2);
    expect(e.heard).toBe(INAUDIBLE);
    const words = ["fifteen"];
    const heard = new Set(Array.from({ length: 30 }, (_, s) => hear({ muffleProbability: 1 }, words[0], s).text));
    expect(heard).toEqual(new Set(["fifty", INAUDIBLE]));
  });

  it("transcribes names with common homophones as one of them", () => {
    const r = hear({ homophoneRate: 1 }, "I am Mia Li.");
    expect(r.text).toBe("I am Mya Lee.");
    expect(r.effects.map((e) => (e.kind === "homophone" ? [e.original, e.heard] : []))).toEqual([["Mia", "Mya"], ["Li", "Lee"]]);
  });

  it("confuses spelled letters only within their groups, at the rate of the field's difficulty", () => {
    const r = hear({ letterConfusion: { easy: 0, medium: 0, hard: 1 } }, "spelled M, I, A, and B, E");
    // "M I A" spells the hard field Mia: M is heard as N and A as 8; I has no partner. "B E" spells no field (medium: 0).
    expect(r.text).toBe("spelled N, I, 8, and B, E");
    const groupOf = (l: string) => CONFUSABLE_LETTERS.find((g) => g.includes(l));
    const medium = hear({ letterConfusion: { easy: 0, medium: 1, hard: 0 } }, "B, D, E, P, T, V, F, S", 5);
    for (const e of medium.effects) if (e.kind === "letter_confusion") expect(groupOf(e.original)).toContain(e.heard);
    expect(medium.effects).toHaveLength(8);
  });

  it("writes digit words as digits, as an ASR normalizes them", () => {
    const r = hear({ normalizeNumbers: true });
    expect(r.text).toBe("Sure. I am Mia Li, spelled M, I, A, and L, I. My user id is M, I, A, underscore, L, I, underscore, 3668.");
    expect(hear({ normalizeNumbers: true }, "I have two bags.").text).toBe("I have two bags.");
    expect(hear({ normalizeNumbers: true }, "It is two five.").text).toBe("It is 25.");
  });

  it("inserts side phrases at sentence ends and tics only into long enough utterances", () => {
    const phrases = hear({ insertsPerMinute: 100000, sidePhrases: ["Hold on a second."] }, "I want to cancel. My trip is off.");
    expect(phrases.effects.every((e) => e.kind === "side_phrase")).toBe(true);
    expect(phrases.effects.length).toBeGreaterThan(0);
    expect(phrases.text).toMatch(/(cancel\.|off\.) Hold on a second\./);
    const short = hear({ insertsPerMinute: 100000, vocalTics: ["(cough)"], minWordsForTics: 5 }, "Yes please.");
    expect(short.effects).toEqual([]);
    const long = hear({ insertsPerMinute: 100000, vocalTics: ["(cough)"], minWordsForTics: 5 }, "Yes please, I would like that very much.");
    expect(long.effects[0]?.kind).toBe("vocal_tic");
    expect(long.text).toContain("(cough)");
  });

  it("is a pure function of the seed", () => {
    const regular: Partial<AsrProfile> = { wordDropRate: 0.1, muffleProbability: 0.5, homophoneRate: 0.5, letterConfusion: { easy: 0.3, medium: 0.3, hard: 0.3 }, normalizeNumbers: true, insertsPerMinute: 20, sidePhrases: ["Not now."] };
    expect(hear(regular, SAID, 9)).toEqual(hear(regular, SAID, 9));
    const texts = new Set(Array.from({ length: 10 }, (_, s) => hear(regular, SAID, s).text));
    expect(texts.size).toBeGreaterThan(1);
  });
});
