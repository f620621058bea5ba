/**
 * The agent side of the channel against eva 0.1.3's recorded call: what the
 * agent meant to say (`transcript.jsonl`) beside what the caller's side heard
 * (`elevenlabs_events.jsonl`). The record is optional under the data root;
 * where it is absent the tests that read it are skipped, saying so.
 */
import { describe, expect, it } from "vitest";
import type { TtsKind } from "../../../../src/engine/channel/measure/eva-record.js";
import { countAgentTurn, EVA_RECORD_FOLDER, evaRecordRoot, loadEvaRecord, measureAgentTurns, TTS_KINDS } from "../../../../src/engine/channel/measure/eva-record.js";
import { replayAgentRates } from "../../../../src/engine/channel/measure/replay.js";
import { presetProfile } from "../../../../src/engine/channel/profile.js";

describe("counting an agent turn against what was heard", () => {
  it("a lost opening sentence is first words lost; a formatting difference is no error", () => {
    expect(countAgentTurn({ intended: "Got it. I've pulled up your booking.", heard: "I've pulled up your booking." })).toMatchObject({ errors: 2, firstLost: true });
    expect(countAgentTurn({ intended: "You paid two hundred sixty dollars.", heard: "You paid two hundred and sixty dollars." })).toMatchObject({ errors: 0, firstLost: false, runs: 1, runsWrong: 0 });
    expect(countAgentTurn({ intended: "The total is three hundred thirty-five dollars.", heard: "The total is three hundred and thirty-five dollars.[background noise]" })).toMatchObject({ errors: 0 });
  });

  it("a code or number heard wrong, or a letter heard beside it instead of a word, is an entity misread", () => {
    expect(countAgentTurn({ intended: "with seat twenty-two A.", heard: "with C twenty-two A." })).toMatchObject({ runs: 1, runsWrong: 1, firstLost: false });
    expect(countAgentTurn({ intended: "flight Sierra Kilo seven fifteen", heard: "flight Sierra Kilo seven fifty" })).toMatchObject({ runs: 1, runsWrong: 1 });
    expect(countAgentTurn({ intended: "flight Sierra Kilo seven fifteen", heard: "Flight Sierra Kilo seven fifteen" })).toMatchObject({ runs: 1, runsWrong: 0, errors: 0 });
  });
});

const root = evaRecordRoot();
const why = root === undefined ? ` (skipped: no data root holds ${EVA_RECORD_FOLDER}, an optional fixture that 'evalsim fixtures fetch' downloads)` : "";

describe.skipIf(root === undefined)(`eva 0.1.3's recorded call, agent side${why}`, () => {
  // Read only where the record is present: a skipped suite's body still runs to collect its tests.
  const record = root === undefined ? { agentTurns: [], callerUtterances: 0, callerFragments: 0 } : loadEvaRecord(root);
  const real = measureAgentTurns(record.agentTurns);
  const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  it("holds ten agent turns, three of whose first words the caller's side lost, and ten caller utterances written as 36 fragments", () => {
    expect(record.agentTurns).toHaveLength(10);
    expect(real.tts_first_words_lost).toMatchObject({ events: 3, units: 10 });
    expect(real.tts_wer.events).toBeGreaterThan(0);
    expect(real.tts_entity_misread.events).toBe(1);
    expect([record.callerUtterances, record.callerFragments]).toEqual([10, 36]);
  });

  it.each(["eva-asr", "regular"])("%s's agent side, over 10 seeds, is inside the real 95 % interval of every kind", (name) => {
    const fitted = replayAgentRates(presetProfile(name) ?? expect.fail(`no ${name} preset`), record.agentTurns, SEEDS);
    for (const kind of TTS_KINDS as readonly TtsKind[]) {
      expect(fitted[kind].rate, kind).toBeGreaterThanOrEqual(real[kind].low);
      expect(fitted[kind].rate, kind).toBeLessThanOrEqual(real[kind].high);
      expect(fitted[kind].events, `${kind} happens at all`).toBeGreaterThan(0);
    }
  });

  it("light makes fewer agent-side errors than eva-asr, and clean none", () => {
    const light = replayAgentRates(presetProfile("light") ?? expect.fail("no light preset"), record.agentTurns, SEEDS);
    const eva = replayAgentRates(presetProfile("eva-asr") ?? expect.fail("no eva-asr preset"), record.agentTurns, SEEDS);
    const clean = replayAgentRates(presetProfile("clean") ?? expect.fail("no clean preset"), record.agentTurns, SEEDS);
    expect(light.tts_wer.rate).toBeLessThan(eva.tts_wer.rate);
    expect(light.tts_first_words_lost.rate).toBeLessThan(eva.tts_first_words_lost.rate);
    for (const kind of TTS_KINDS) expect(clean[kind].events, kind).toBe(0);
  });
});
