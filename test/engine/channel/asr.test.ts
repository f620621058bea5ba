import { describe, expect, it } from "vitest";
import { asrHear } from "../../../src/engine/channel/asr.js";
import { LETTER_CONFUSIONS, nameVariants } from "../../../src/engine/channel/confusions.js";
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
  letterDrop: 0,
  groupDrop: 0,
  digitDrop: 0,
  digitConfusion: 0,
  nameVariant: 0,
  soundAlike: 0,
  pauseDrop: 0,
  cutOff: 0,
  repeat: 0,
  cleanShare: 0,
};
const SAID = "Sure. I am Mia Li, spelled M, I, A, and L, I. My user id is M, I, A, underscore, L, I, underscore, three, six, six, eight.";
const VOICE = { homophones: { Mia: ["Mya"], Li: ["Lee"] }, fields: [{ value: "Mia", difficulty: "hard" as const }, { value: "mia_li_3668", difficulty: "medium" as const }] };
const hear = (p: Partial<AsrProfile>, text = SAID, seed = 1, voice: object = VOICE) => asrHear(text, { ...OFF, ...p }, voice, createRng(seed));

describe("the ASR side", () => {
  it("at rate 0 writes spelled runs as the codes they spell and changes nothing else", () => {
    for (let seed = 0; seed < 20; seed++) expect(hear({}, SAID, seed).text).toBe("Sure. I am Mia Li, spelled M-I-A, and L, I. My user id is MIA_LI_3668.");
    expect(hear({}, "Thank you for calling, please hold my reservation.").effects).toEqual([]);
  });

  it("writes numbers as a recogniser does: times, amounts, ordinals, digit runs; a.m. is never a spelled code", () => {
    const r = hear({ normalizeNumbers: true }, "Take the eight fifty five a m flight on March twenty fifth, the fourteenth at the latest, for one hundred twenty dollars on Skyway four one two, leaving at eight oh five PM.");
    expect(r.text).toBe("Take the 8:55 a.m. flight on March 25th, the 14th at the latest, for $120 on Skyway 412, leaving at 8:05 p.m.");
    expect(r.effects.every((e) => e.kind === "number_words")).toBe(true);
    expect(hear({ normalizeNumbers: true }, "I have two bags.").text).toBe("I have two bags.");
    expect(hear({ normalizeNumbers: true }, "My seat is twenty one A, and I need twelve months.").text).toBe("My seat is 21 A, and I need 12 months.");
  });

  it("confuses spelled letters only as real calls do: T as P, S as F, I as 1 or Y, 8 as H; never M/N or A as 8", () => {
    const heard = new Map<string, Set<string>>();
    for (let seed = 0; seed < 200; seed++) {
      for (const e of hear({ letterConfusion: { easy: 1, medium: 1, hard: 1 } }, "code T S I M N A eight B", seed).effects) {
        if (e.kind === "letter_confusion") heard.set(e.original, (heard.get(e.original) ?? new Set()).add(e.heard));
      }
    }
    expect(heard.get("T")).toContain("P");
    expect(heard.get("S")).toEqual(new Set(["F"]));
    expect(heard.get("I")).toEqual(new Set(["1", "Y"]));
    expect(heard.get("eight")).toEqual(new Set(["H"]));
    expect(heard.has("M") || heard.has("N") || heard.has("A")).toBe(false);
    for (const [from, tos] of heard) for (const to of tos) expect(LETTER_CONFUSIONS[from === "eight" ? "8" : from]?.map(([x]) => x)).toContain(to);
  });

  it("drops letters, digits and whole groups of a code, recording each inside the rewritten span", () => {
    const r = hear({ groupDrop: 1 }, "My code is Z K three F F W.", 4);
    expect(r.effects.map((e) => e.kind)).toEqual(["spelled_code", "group_drop"]);
    expect(r.text).toMatch(/^My code is [ZK3FW]{2,4}\.$/);
    const phone = hear({ normalizeNumbers: true, digitDrop: 1 }, "Call five five five one two three four.");
    expect(phone.text).toBe("Call.");
  });

  it("writes names as other spellings of their sound, the observed ones first", () => {
    expect(nameVariants("Allen")).toEqual(["Alan", "Allan"]);
    expect(nameVariants("Bennett")).toContain("Benett");
    const r = hear({ nameVariant: 1 }, "The last name is Allen, thank you.", 2, {});
    expect(r.text).toMatch(/The last name is Al{1,2}an, thank you\./);
    expect(r.effects[0]?.kind).toBe("name_variant");
    expect(hear({ homophoneRate: 1 }, "I am Mia Li.").text).toBe("I am Mya Lee.");
  });

  it("writes sound-alike words instead of [inaudible], never in one- or two-word utterances", () => {
    const r = hear({ soundAlike: 1 }, "What is the fare for the aisle seat on that flight", 3, {});
    expect(r.text).not.toContain("inaudible");
    expect(r.effects.some((e) => e.kind === "sound_alike" && e.original === "fare" && e.heard === "fair")).toBe(true);
    for (let seed = 0; seed < 30; seed++) {
      const all: Partial<AsrProfile> = { soundAlike: 1, wordDropRate: 1, muffleProbability: 1, repeat: 1, cutOff: 1, pauseDrop: 1, nameVariant: 1 };
      expect(hear(all, "Okay.", seed, {}).text).toBe("Okay.");
      expect(hear(all, "Yes, please.", seed, {}).text).toBe("Yes, please.");
      expect(hear(all, "please hold the fare for me now", seed, {}).text).not.toContain("inaudible");
    }
  });

  it("loses runs of words after a pause, and the end of an utterance", () => {
    const pause = hear({ pauseDrop: 1 }, "I want to fly today. Please book the early flight to Boston for me.", 1, {});
    expect(pause.effects[0]?.kind).toBe("pause_drop");
    expect(pause.text.split(" ").length).toBeLessThanOrEqual(11);
    const cut = hear({ cutOff: 1 }, "Please book the early flight to Boston for me now.", 1, {});
    expect(cut.effects[0]?.kind).toBe("cut_off");
    expect("Please book the early flight to Boston for me now.".startsWith(cut.text)).toBe(true);
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
    const noisy: Partial<AsrProfile> = { wordDropRate: 0.1, soundAlike: 0.3, letterConfusion: { easy: 0.3, medium: 0.3, hard: 0.3 }, normalizeNumbers: true, groupDrop: 0.3, insertsPerMinute: 20, sidePhrases: ["Not now."] };
    expect(hear(noisy, SAID, 9)).toEqual(hear(noisy, SAID, 9));
    const texts = new Set(Array.from({ length: 10 }, (_, s) => hear(noisy, SAID, s).text));
    expect(texts.size).toBeGreaterThan(1);
  });
});
