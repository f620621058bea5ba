import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { channelProfile, hearOnce } from "../../../src/engine/channel/channel.js";
import { CHANNEL_NAMES } from "../../../src/engine/channel/profile.js";
import { createRng } from "../../../src/engine/rng.js";

/** Utterances built from the pieces the channel acts on: spelled letters, number words, names, pauses, times. */
const PIECES = ["Z", "K", "three", "F", "eight", "fifty", "five", "a", "m", "p", "PM", "dollars", "fourteenth", "oh", "I", "A", "Allen", "name", "is", "the", "fare", "flight", ",", ".", "twenty", "one", "hundred", "underscore", "dash", "—", "$120", "8:55", "ZK3FFW", "thousand", "second"];
const utterance = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((ws) => ws.join(" ").replace(/ ([,.])/g, "$1"));

describe("the ASR side on generated utterances", () => {
  it("never throws, never writes [inaudible], keeps every effect inside the said text, and is a function of the seed", () => {
    fc.assert(
      fc.property(utterance, fc.constantFrom(...CHANNEL_NAMES), fc.nat(1000), (text, name, seed) => {
        const profile = channelProfile(name, undefined);
        const a = hearOnce(profile, "user", text, { names: ["Allen"] }, createRng(seed));
        expect(hearOnce(profile, "user", text, { names: ["Allen"] }, createRng(seed))).toEqual(a);
        expect(a.text).not.toContain("[inaudible]");
        for (const e of a.effects) {
          expect(e.at).toBeGreaterThanOrEqual(0);
          expect(e.end).toBeGreaterThanOrEqual(e.at);
          expect(e.end).toBeLessThanOrEqual(text.length);
        }
      }),
      { seed: 25, numRuns: 400 },
    );
  });
});
