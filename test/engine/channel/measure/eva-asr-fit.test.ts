/**
 * The `eva-asr` profile against the real calls it is fitted to: the clean
 * intended caller utterances of eva's airline calls, heard through the
 * profile with ten seeds (each utterance with the stream `evalsim channel`
 * gives its line), measured exactly as the real transcripts are.
 */
import { describe, expect, it } from "vitest";
import { loadEvaCalls } from "../../../../src/engine/channel/measure/eva-calls.js";
import type { ErrorKind } from "../../../../src/engine/channel/measure/rates.js";
import { measurePairs } from "../../../../src/engine/channel/measure/rates.js";
import { replayRates } from "../../../../src/engine/channel/measure/replay.js";
import { presetProfile } from "../../../../src/engine/channel/profile.js";
import { resolveDataRoot } from "../../../../src/loaders/data-root.js";

const calls = loadEvaCalls(resolveDataRoot({ mustContain: "upstream/eva-main-997ae97" }));
const pairs = calls.turns.map((t) => ({ intended: t.intended, heard: t.transcribed, names: t.names }));
const real = measurePairs(pairs);
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe("eva-asr over the 228 clean caller utterances of the real calls, pooled over 10 seeds", () => {
  const fitted = replayRates(presetProfile("eva-asr") ?? expect.fail("no eva-asr preset"), pairs, SEEDS);
  const kinds: ErrorKind[] = ["wer", "utterances_with_error", "letter_substitution", "letter_drop", "run_wrong", "digit_drop", "name_wrong", "multi_word_drop"];

  it.each(kinds)("has a %s inside the real data's 95 % interval", (kind) => {
    expect(fitted[kind].units).toBe(real[kind].units * SEEDS.length);
    expect(fitted[kind].rate).toBeGreaterThanOrEqual(real[kind].low);
    expect(fitted[kind].rate).toBeLessThanOrEqual(real[kind].high);
  });

  it("never writes [inaudible]", () => {
    expect(fitted.inaudible.events).toBe(0);
  });

  it("is a real fit, not a copy: another ten seeds stay inside the intervals of the headline kinds", () => {
    const other = replayRates(presetProfile("eva-asr") ?? expect.fail("no eva-asr preset"), pairs, SEEDS.map((s) => s + 100));
    for (const kind of ["wer", "utterances_with_error", "letter_substitution", "digit_drop"] as const) {
      expect(other[kind].rate, kind).toBeGreaterThanOrEqual(real[kind].low);
      expect(other[kind].rate, kind).toBeLessThanOrEqual(real[kind].high);
    }
  });

  it("puts light clearly below the real rates, also without [inaudible]", () => {
    const light = replayRates(presetProfile("light") ?? expect.fail("no light preset"), pairs, SEEDS.slice(0, 3));
    expect(light.wer.rate).toBeLessThan(real.wer.low);
    expect(light.inaudible.events).toBe(0);
  });
});
