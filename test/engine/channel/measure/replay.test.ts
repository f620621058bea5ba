import { describe, expect, it } from "vitest";
import type { ChannelProfile } from "../../../../src/engine/channel/profile.js";
import { presetProfile } from "../../../../src/engine/channel/profile.js";
import { lineRng, replayAgentRates, replayCounts, replayRates } from "../../../../src/engine/channel/measure/replay.js";

const preset = (name: string): ChannelProfile => {
  const p = presetProfile(name);
  if (!p) throw new Error(name);
  return p;
};

const pairs = [
  { intended: "My confirmation code is Z, K, three, F, F, W.", heard: "" },
  { intended: "My name is Mia Allen, spelled A, L, L, E, N.", heard: "", names: ["Mia", "Allen"] },
  { intended: "I would like to change my flight to the fourteenth of March please.", heard: "" },
];

describe("replayCounts", () => {
  it("counts each utterance once per seed, in seed then line order", () => {
    const counts = replayCounts(preset("clean"), pairs, [1, 2]);
    expect(counts).toHaveLength(6);
    // The clean line hears every utterance as said: nothing is wrong, whatever the seed.
    for (const c of counts) expect(c).toMatchObject({ errors: 0, anyError: false, letterSubs: 0, letterDrops: 0, runsWrong: 0 });
    // Units come from the said text: 6 spelled characters in the first line (5 letters, 1 digit), 5 letters in the
    // second, and the digits of "fourteenth" (14) in the third, as a transcript writes it.
    expect(counts.map((c) => c.letters + c.digits)).toEqual([6, 5, 2, 6, 5, 2]);
    expect(counts[1]?.nameWords).toBe(2);
  });

  it("gives the same counts for the same seeds, and pools more units over more seeds", () => {
    const noisy = preset("eva-asr");
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(replayCounts(noisy, pairs, seeds)).toEqual(replayCounts(noisy, pairs, seeds));
    const rates = replayRates(noisy, pairs, seeds);
    expect(rates.letter_substitution.units).toBe(8 * 10);
    expect(rates.utterances_with_error.units).toBe(8 * 3);
  });
});

describe("lineRng", () => {
  it("gives each line of each seed its own stream", () => {
    const first = (seed: number, line: number): number => lineRng(seed, line).next();
    expect(first(1, 0)).toBe(first(1, 0));
    expect(new Set([first(1, 0), first(1, 1), first(2, 0), first(2, 1)]).size).toBe(4);
  });
});

describe("replayAgentRates", () => {
  it("measures nothing wrong on a line without speech synthesis errors", () => {
    const r = replayAgentRates(preset("clean"), [{ intended: "Your flight leaves at 8:55 a.m.", heard: "" }], [1, 2, 3]);
    for (const rate of Object.values(r)) expect(rate.events).toBe(0);
  });
});
