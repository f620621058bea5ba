/**
 * The voice channel between the bots: what one side says becomes what the
 * other side hears. `clean` hears everything verbatim and records nothing,
 * so a clean run is byte for byte a run without a channel.
 */
import type { Rng } from "../rng.js";
import type { Side } from "../types.js";
import { asrHear } from "./asr.js";
import type { ChannelProfile } from "./profile.js";
import { CHANNEL_NAMES, CLEAN, presetProfile } from "./profile.js";
import { profileFromSpeechConfig } from "./speech-config.js";
import { ttsHear } from "./tts.js";
import type { CallerParts } from "./turn-taking.js";
import { cutAgentTurn, splitCallerTurn } from "./turn-taking.js";
import type { ChannelEffect, Heard, ScenarioVoice } from "./types.js";

/** A seeded voice channel between the bots: what one side hears of what the other says. */
export interface Channel {
  readonly profile: ChannelProfile;
  /** What the other side hears of `text`, said by `speaker`; undefined when it is heard verbatim. */
  hear(speaker: Side, text: string): Heard | undefined;
  /** How a caller utterance reaches the agent when not as one message; undefined: as one. */
  callerParts?(text: string): CallerParts | undefined;
  /** How much of an agent utterance the caller heard before barging in; undefined: all of it. */
  agentCut?(text: string): { heard: string; effect: ChannelEffect } | undefined;
}

/** A voice channel name that names no profile. */
export class ChannelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChannelError";
  }
}

/** True for a name `--channel` accepts (a preset; tau2 config names are presets too). */
export function isChannelName(name: string): boolean {
  return CHANNEL_NAMES.includes(name);
}

/**
 * The profile for a scenario: its own `tasks_voice.json` config of that name
 * when it has one, else evalsim's preset of that name.
 */
export function channelProfile(name: string, voice: ScenarioVoice | undefined): ChannelProfile {
  if (name === "clean") return CLEAN;
  const own = voice?.configs && Object.hasOwn(voice.configs, name) ? voice.configs[name] : undefined;
  if (own !== undefined) return profileFromSpeechConfig(name, own);
  const preset = presetProfile(name);
  if (!preset) throw new ChannelError(`unknown channel '${name}'; expected one of ${CHANNEL_NAMES.join(", ")}`);
  return preset;
}

/**
 * What the other side hears of one utterance on its own, with its own random
 * stream: how `evalsim channel` and the calibration replay use a profile.
 */
export function hearOnce(profile: ChannelProfile, speaker: Side, text: string, voice: ScenarioVoice, rng: Rng): Heard {
  const heard = speaker === "user" ? (profile.asr ? asrHear(text, profile.asr, voice, rng) : undefined) : profile.tts ? ttsHear(text, profile.ttsErrors, rng) : undefined;
  return heard ?? { text, effects: [] };
}

/** A voice channel with a profile, the scenario's voice settings and a seeded random stream. */
export function createChannel(profile: ChannelProfile, voice: ScenarioVoice | undefined, rng: Rng): Channel {
  const asrRng = rng.fork("asr");
  // The agent side's own stream: what the caller mishears never shifts what the recogniser does.
  const ttsRng = rng.fork("tts");
  const scenarioVoice = voice ?? {};
  const turns = profile.turns;
  // Its own stream: turn-taking draws never shift what the recogniser does.
  const turnRng = rng.fork("turns");
  return {
    profile,
    ...(turns
      ? {
          callerParts: (text: string) => splitCallerTurn(text, turns, turnRng),
          agentCut: (text: string) => cutAgentTurn(text, turns, turnRng),
        }
      : {}),
    hear(speaker, text) {
      if (speaker === "user") {
        if (!profile.asr) return undefined;
        return asrHear(text, profile.asr, scenarioVoice, asrRng);
      }
      return profile.tts ? ttsHear(text, profile.ttsErrors, ttsRng) : undefined;
    },
  };
}
