import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { partsOf, presetProfile, recognition, TAU2_CONFIG_NAMES, tau2Scaling, ttsErrors, turnTaking } from "../../../src/engine/channel/profile.js";
import { profileFromSpeechConfig } from "../../../src/engine/channel/speech-config.js";
import { ROOT } from "../../helpers/fixture-copies.js";

describe("partsOf", () => {
  it("reads audio, accents and behaviour from a tau2 config name", () => {
    expect(partsOf("regular")).toEqual({ audio: true, accents: true, behavior: true });
    expect(partsOf("control")).toEqual({ audio: false, accents: false, behavior: false });
    expect(partsOf("control_audio_behavior")).toEqual({ audio: true, accents: false, behavior: true });
    expect(partsOf("control_accents")).toEqual({ audio: false, accents: true, behavior: false });
  });
});

describe("tau2Scaling", () => {
  it("halves recognition errors per missing accent or audio part and scales losses by frame drops", () => {
    expect(tau2Scaling({ audio: true, accents: true }, 0.02)).toEqual({ recognize: 1, lose: 1 });
    expect(tau2Scaling({ audio: true, accents: false }, 0.005)).toEqual({ recognize: 0.5, lose: 0.25 });
    expect(tau2Scaling({ audio: false, accents: true }, 0)).toEqual({ recognize: 0.5, lose: 0.1 });
    expect(tau2Scaling({ audio: false, accents: false }, 0.02)).toEqual({ recognize: 0.25, lose: 0.1 });
  });
});

describe("recognition and ttsErrors", () => {
  it("give the fitted rates at scale 1", () => {
    expect(recognition(1, 1)).toEqual({
      letterConfusion: { easy: 0.085 * 0.4, medium: 0.085, hard: 0.17 },
      homophoneRate: 0.4,
      nameVariant: 0.25,
      soundAlike: 0.05,
      digitConfusion: 0.03,
      repeat: 0.06,
      letterDrop: 0.004,
      groupDrop: 0.045,
      digitDrop: 0.03,
      wordDropRate: 0.008,
      pauseDrop: 0.012,
      cutOff: 0.012,
      cleanShare: 0.2,
    });
    expect(ttsErrors(1, 1)).toEqual({ firstWordsLost: 0.3, entityMisread: 0.015 });
  });

  it("cap probabilities at 1 however far they are scaled", () => {
    const r = recognition(100, 100);
    expect(r.letterConfusion).toEqual({ easy: 0.4, medium: 1, hard: 1 });
    expect(r.homophoneRate).toBe(1);
    expect(r.nameVariant).toBe(1);
    expect(ttsErrors(100, 100)).toEqual({ firstWordsLost: 1, entityMisread: 1 });
  });
});

describe("turnTaking", () => {
  it("turns side remarks per minute into a chance per ten-second turn", () => {
    expect(turnTaking(["Not now."], 0.7, true)).toEqual({ fragment: 0.05, bargeIn: 0.1, sideRemark: (0.7 * 10) / 60, agentCut: 0.1, remarks: ["Not now."] });
    expect(turnTaking([], 0.7, false)).toMatchObject({ sideRemark: 0, agentCut: 0 });
    expect(turnTaking(["x"], 60, false).sideRemark).toBe(1);
  });
});

describe("presetProfile", () => {
  it("equals what a shipped task's tasks_voice config of the same name gives (airline task 24)", () => {
    const file = JSON.parse(readFileSync(join(ROOT, "tau2_airline", "tasks_voice.json"), "utf8")) as { configs: Record<string, { configs: Record<string, unknown> }> };
    const configs = file.configs["24"]?.configs ?? {};
    for (const name of TAU2_CONFIG_NAMES) {
      const fromFile = profileFromSpeechConfig(name, configs[name]);
      expect(presetProfile(name), name).toEqual({ ...fromFile, source: "preset" });
    }
  });

  it("knows no other name", () => {
    expect(presetProfile("loud")).toBeUndefined();
    expect(presetProfile("constructor")).toBeUndefined();
  });
});
