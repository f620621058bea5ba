import { describe, expect, it } from "vitest";
import { channelProfile, ChannelError, createChannel } from "../../../src/engine/channel/channel.js";
import { CHANNEL_NAMES, EVA_ASR_RATES, MUFFLE_HEARD, presetProfile, TAU2_CONFIG_NAMES, TURN_SECONDS } from "../../../src/engine/channel/profile.js";
import { profileFromSpeechConfig, ticAsHeard } from "../../../src/engine/channel/speech-config.js";
import { createRng } from "../../../src/engine/rng.js";

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

describe("channel profiles", () => {
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

  it("fall back to presets of the same names, and refuse unknown names", () => {
    expect(CHANNEL_NAMES).toEqual(["clean", "light", "eva-asr", ...TAU2_CONFIG_NAMES]);
    expect(channelProfile("regular", { configs: { regular: REGULAR } }).source).toBe("tasks_voice");
    expect(channelProfile("regular", undefined)).toBe(presetProfile("regular"));
    expect(presetProfile("control_audio")?.asr?.wordDropRate).toBeCloseTo(EVA_ASR_RATES.wordDropRate / 4, 12);
    expect(presetProfile("regular")?.asr?.wordDropRate).toBe(EVA_ASR_RATES.wordDropRate);
    expect(presetProfile("eva-asr")?.asr).toMatchObject({ insertsPerMinute: 0, sidePhrases: [], muffleProbability: 0 });
    // Turn-taking is off in clean, light and eva-asr, on where the caller's behaviour is.
    for (const name of ["clean", "light", "eva-asr", "control", "control_audio_accents"]) expect(presetProfile(name)?.turns, name).toBeUndefined();
    for (const name of ["regular", "control_behavior"]) expect(presetProfile(name)?.turns?.remarks.length, name).toBeGreaterThan(0);
    expect(() => channelProfile("loud", undefined)).toThrow(ChannelError);
  });
});

describe("a channel", () => {
  const said = "Sure. I am Mia Li, spelled M, I, A. My code is Z, K, three, F, F, W. It is urgent, please hurry, thank you very much.";
  const voice = { homophones: { Mia: ["Mya"] } };

  it("on clean hears both sides verbatim and records nothing", () => {
    const ch = createChannel(channelProfile("clean", voice), voice, createRng(1));
    expect(ch.hear("user", said)).toBeUndefined();
    expect(ch.hear("agent", "**Your code is ZK3FFW**")).toBeUndefined();
  });

  it("is the same for the same seed and differs between seeds", () => {
    const heardWith = (seed: number): string[] => {
      const ch = createChannel(channelProfile("regular", voice), voice, createRng(seed));
      return Array.from({ length: 8 }, () => ch.hear("user", said)?.text ?? "");
    };
    expect(heardWith(4)).toEqual(heardWith(4));
    const distinct = new Set([1, 2, 3, 4, 5].map((s) => heardWith(s).join("|")));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it("applies the TTS side to what the agent says", () => {
    const ch = createChannel(channelProfile("light", undefined), undefined, createRng(1));
    expect(ch.hear("agent", "**Your code is ZK3FFW**")?.text).toBe("Your code is zk three ffw");
  });
});
