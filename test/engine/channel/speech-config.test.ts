import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EVA_ASR_RATES, MUFFLE_HEARD, TURN_SECONDS } from "../../../src/engine/channel/profile.js";
import { profileFromSpeechConfig, SECONDS_PER_WORD, SpeechConfigSchema, ticAsHeard } from "../../../src/engine/channel/speech-config.js";
import { ROOT } from "../../helpers/fixture-copies.js";

/** tau2-bench's `regular` config of airline task 24 (tasks_voice.json), the fields the channel reads. */
const REGULAR = {
  channel_effects_config: { enable_frame_drops: true, frame_drop_rate: 0.02, frame_drop_burst_duration_ms: 100.0, frame_drop_count: 1, frame_drop_duration_ms: 150 },
  speech_effects_config: {
    enable_dynamic_muffling: true,
    muffle_probability: 0.2,
    muffle_segment_count: 1,
    muffle_segment_duration_ms: 500,
    enable_vocal_tics: true,
    vocal_tics: [{ text: ".[cough][cough][cough]", type: "vocal_tic" }],
    min_words_for_vocal_tics: 3,
    enable_non_directed_phrases: true,
    non_directed_phrases: [{ text: "Not now.", type: "non_directed_phrase" }],
    speech_insert_events_per_minute: 0.7,
  },
  persona_config: { verbosity: "minimal", interrupt_tendency: "interrupts" },
};

describe("profileFromSpeechConfig", () => {
  it("come from a task's own speech config, field by field", () => {
    const p = profileFromSpeechConfig("regular", REGULAR);
    expect(p.source).toBe("tasks_voice");
    expect(p.asr).toMatchObject({ muffleProbability: 0.2 * MUFFLE_HEARD, muffleWords: 1, insertsPerMinute: 0.7, vocalTics: ["(cough)"], sidePhrases: [], minWordsForTics: 3 });
    // Side phrases arrive as messages of their own; an interrupting persona cuts agent replies short.
    expect(p.turns).toMatchObject({ remarks: ["Not now."], sideRemark: (0.7 * TURN_SECONDS) / 60, agentCut: 0.1 });
    // regular's frame drops (0.02) and accents are the real calls' level: the fitted rates as they are.
    expect(p.asr).toMatchObject({ wordDropRate: EVA_ASR_RATES.wordDropRate, groupDrop: EVA_ASR_RATES.groupDrop, nameVariant: EVA_ASR_RATES.nameVariant });
    expect(p.asr?.letterConfusion.medium).toBe(EVA_ASR_RATES.letterConfusion);
  });

  it("scale the fitted rates by the config: frame drops scale losses, accents and audio scale recognition", () => {
    const quarter = structuredClone(REGULAR);
    quarter.channel_effects_config.frame_drop_rate = 0.005;
    const p = profileFromSpeechConfig("control_audio", quarter);
    expect(p.asr?.wordDropRate).toBeCloseTo(EVA_ASR_RATES.wordDropRate / 4, 12);
    expect(p.asr?.digitDrop).toBeCloseTo(EVA_ASR_RATES.digitDrop / 4, 12);
    expect(p.asr?.letterConfusion.medium).toBeCloseTo(EVA_ASR_RATES.letterConfusion / 2, 12);
  });

  it("ignore a rate whose effect is switched off", () => {
    const off = structuredClone(REGULAR);
    off.channel_effects_config.enable_frame_drops = false;
    off.speech_effects_config.enable_dynamic_muffling = false;
    off.speech_effects_config.enable_vocal_tics = false;
    off.speech_effects_config.enable_non_directed_phrases = false;
    expect(profileFromSpeechConfig("control", off).turns).toBeUndefined();
    const control = profileFromSpeechConfig("control", off).asr;
    expect(control).toMatchObject({ muffleProbability: 0, insertsPerMinute: 0, vocalTics: [], sidePhrases: [] });
    // A line without audio effects still loses a little: a tenth of the real calls' losses.
    expect(control?.wordDropRate).toBeCloseTo(EVA_ASR_RATES.wordDropRate / 10, 12);
  });

  it("read synthesizer tic markup as the one sound an ASR writes", () => {
    expect(ticAsHeard(".[sneeze][sneeze][sneeze]")).toBe("(sneeze)");
  });

  it("reads every config of a real task (airline task 24 in the shipped tasks_voice.json)", () => {
    const file = JSON.parse(readFileSync(join(ROOT, "tau2_airline", "tasks_voice.json"), "utf8")) as { configs: Record<string, { configs: Record<string, unknown> }> };
    const configs = file.configs["24"]?.configs ?? {};
    // Per name: muffling on, behaviour (tics and side phrases) on, as the file sets them.
    const expected: Record<string, [number, number, string[]]> = {
      control: [0, 0, []],
      regular: [0.2, 0.7, ["(cough)", "(sneeze)", "(sniffle)"]],
      control_audio: [0.2, 0, []],
      control_accents: [0, 0, []],
      control_behavior: [0, 0.7, ["(cough)", "(sneeze)", "(sniffle)"]],
      control_audio_accents: [0.2, 0, []],
      control_audio_behavior: [0.2, 0.7, ["(cough)", "(sneeze)", "(sniffle)"]],
      control_accents_behavior: [0, 0.7, ["(cough)", "(sneeze)", "(sniffle)"]],
    };
    expect(Object.keys(configs).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, [muffle, inserts, tics]] of Object.entries(expected)) {
      const p = profileFromSpeechConfig(name, configs[name]);
      expect(p.asr, name).toMatchObject({ muffleProbability: muffle * MUFFLE_HEARD, muffleSpans: 1, muffleWords: 1, insertsPerMinute: inserts, vocalTics: tics, normalizeNumbers: true });
      expect(p.turns === undefined, name).toBe(inserts === 0);
    }
  });

  it("turns a muffled segment's length into words at 150 words a minute", () => {
    expect(SECONDS_PER_WORD).toBe(0.4);
    const withDuration = (ms: number): unknown => ({ speech_effects_config: { enable_dynamic_muffling: true, muffle_probability: 1, muffle_segment_duration_ms: ms } });
    expect(profileFromSpeechConfig("control_audio", withDuration(500)).asr?.muffleWords).toBe(1);
    expect(profileFromSpeechConfig("control_audio", withDuration(1000)).asr?.muffleWords).toBe(3); // 2.5 rounds up
    expect(profileFromSpeechConfig("control_audio", withDuration(2000)).asr?.muffleWords).toBe(5);
    expect(profileFromSpeechConfig("control_audio", withDuration(0)).asr?.muffleWords).toBe(1); // at least one word
  });

  it("refuses a rate outside [0, 1]", () => {
    expect(SpeechConfigSchema.safeParse({ channel_effects_config: { frame_drop_rate: 1.5 } }).success).toBe(false);
    expect(SpeechConfigSchema.safeParse({ speech_effects_config: { muffle_probability: -0.1 } }).success).toBe(false);
    expect(SpeechConfigSchema.safeParse({ speech_effects_config: { muffle_probability: 0.5, anything_else: [1] } }).success).toBe(true);
  });

  it("reads tic markup without a bracketed sound as its text", () => {
    expect(ticAsHeard(".[COUGH]")).toBe("(cough)");
    expect(ticAsHeard(". um")).toBe("um");
  });
});
