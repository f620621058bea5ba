import { describe, expect, it } from "vitest";
import { channelProfile, ChannelError, createChannel } from "../../../src/engine/channel/channel.js";
import { CHANNEL_NAMES, EVA_ASR_RATES, presetProfile, TAU2_CONFIG_NAMES } from "../../../src/engine/channel/profile.js";
import { createRng } from "../../../src/engine/rng.js";

describe("channel profiles", () => {
  it("fall back to presets of the same names, and refuse unknown names", () => {
    expect(CHANNEL_NAMES).toEqual(["clean", "light", "eva-asr", ...TAU2_CONFIG_NAMES]);
    expect(channelProfile("regular", { configs: { regular: {} } }).source).toBe("tasks_voice");
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
