import { describe, expect, it } from "vitest";
import { loadEvaCalls, pairTurns } from "../../../../src/engine/channel/measure/eva-calls.js";
import { countUtterance, measurePairs, wilson } from "../../../../src/engine/channel/measure/rates.js";
import { resolveDataRoot } from "../../../../src/loaders/data-root.js";

const ROOT = resolveDataRoot({ mustContain: "upstream/eva-main-997ae97" });

describe("eva's real calls", () => {
  const calls = loadEvaCalls(ROOT);
  const pairs = calls.turns.map((t) => ({ intended: t.intended, heard: t.transcribed, names: t.names }));

  it("give 228 clean caller turns of 6,253 words once eva's deliberate corruptions are put back or set aside", () => {
    expect(calls.turns).toHaveLength(228);
    expect(calls.turns.reduce((s, t) => s + t.intended.split(/\s+/).filter(Boolean).length, 0)).toBe(6253);
    expect(calls.setAside).toHaveLength(6);
    // Call 32's transcripts run one behind its utterances from turn 2 on (one utterance heard as two fragments).
    expect(calls.turns.find((t) => t.call === 32 && t.turn === 4)?.transcribed).toContain("Send the email now");
    expect(calls.turns.some((t) => t.transcribed.includes("4:13") || t.transcribed.includes("Thomson"))).toBe(false);
  });

  it("show the error mix real ASR makes: the published figures lie inside the measured 95 % intervals", () => {
    const r = measurePairs(pairs);
    const published: [keyof typeof r, number][] = [
      ["wer", 0.035], ["utterances_with_error", 0.44], ["letter_substitution", 0.022], ["letter_drop", 0.019], ["digit_drop", 0.034],
      ["name_wrong", 0.135], ["multi_word_drop", 0.044], ["cut_off_ending", 0.009],
    ];
    for (const [kind, value] of published) {
      expect(r[kind].low, kind).toBeLessThanOrEqual(value);
      expect(r[kind].high, kind).toBeGreaterThanOrEqual(value);
    }
    expect(r.inaudible.events).toBe(0);
    expect(r.wer.rate).toBeGreaterThan(0.02);
    expect(r.wer.rate).toBeLessThan(0.06);
  });
});

describe("counting one utterance", () => {
  it("counts letters, digits, runs and names from the alignment", () => {
    const c = countUtterance({ intended: "My code is Z K three F F W, name Allen, phone five five five one two", heard: "My code is CK3FF, name Alan, phone 555", names: ["Allen"] });
    expect(c).toMatchObject({ letters: 5, letterSubs: 1, letterDrops: 1, digits: 6, digitDrops: 2, runs: 2, runsWrong: 2, nameWords: 1, namesWrong: 1, anyError: true });
    expect(countUtterance({ intended: "please book it for me now today", heard: "please book it" }).cutOff).toBe(true);
  });

  it("pairs fragments of one utterance with it", () => {
    expect(pairTurns(["I need to change my flight to Boston please", "Goodbye."], ["I need to change", "my flight to Boston please", "Goodbye."])).toEqual([[0, 1], [2]]);
  });

  it("has a Wilson interval that contains its rate and stays inside [0, 1]", () => {
    const w = wilson(0, 228);
    expect(w.low).toBe(0);
    expect(w.high).toBeGreaterThan(0.01);
    expect(w.high).toBeLessThan(0.02);
  });
});
