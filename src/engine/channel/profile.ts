/**
 * How strongly the voice channel acts, as numbers. A profile comes from a
 * tau2 task's own speech-complexity config (`tasks_voice.json`) or from one of
 * evalsim's named presets, which carry the same rates for scenarios that have
 * no such config (eva) and add `light`.
 */

import type { TtsErrors } from "./tts-errors.js";
import type { TurnTaking } from "./turn-taking.js";
import type { Difficulty } from "./types.js";

export type { Difficulty } from "./types.js";

export interface AsrProfile {
  /** Probability that a word is lost (`channel_effects_config.frame_drop_rate` when frame drops are on). */
  readonly wordDropRate: number;
  /** Probability that an utterance has a muffled span (`speech_effects_config.muffle_probability`). */
  readonly muffleProbability: number;
  /** Muffled spans per muffled utterance and words per span (from the segment count and duration). */
  readonly muffleSpans: number;
  readonly muffleWords: number;
  /** Insertions (vocal tics and side phrases) per minute of speech (`speech_insert_events_per_minute`). */
  readonly insertsPerMinute: number;
  /** The vocal tics that may be inserted (empty when they are off) and the fewest words an utterance needs for one. */
  readonly vocalTics: readonly string[];
  readonly minWordsForTics: number;
  /** Non-directed side phrases that may be inserted (empty when they are off). */
  readonly sidePhrases: readonly string[];
  /** Probability that a name with common homophones is transcribed as one of them. */
  readonly homophoneRate: number;
  /** Probability that one spelled letter is heard as a confusable one, by the field's difficulty. */
  readonly letterConfusion: Readonly<Record<Difficulty, number>>;
  /** Numbers said in words written as a recogniser writes them (times, amounts, ordinals, digit runs). */
  readonly normalizeNumbers: boolean;
  /** Probability that one spelled letter is lost. */
  readonly letterDrop: number;
  /** Probability that a spelled run or a said number of two or more characters loses a whole group of them. */
  readonly groupDrop: number;
  /** Probability that one digit of a said number or code is lost. */
  readonly digitDrop: number;
  /** Probability that a said number is heard as a sound-alike one (fifteen/fifty, four/five). */
  readonly digitConfusion: number;
  /** Probability that a name word is written as another spelling of its sound (Allen → Alan). */
  readonly nameVariant: number;
  /** Probability that an ordinary word is written as a sound-alike (fare → fair, aisle → I'll). */
  readonly soundAlike: number;
  /** Per utterance: three to five words lost after a pause. */
  readonly pauseDrop: number;
  /** Per utterance of six words or more: its last words cut off. */
  readonly cutOff: number;
  /** Per utterance: a word written twice. */
  readonly repeat: number;
  /** Share of utterances heard without any recognition error (real errors cluster in some utterances). */
  readonly cleanShare: number;
}

/** A voice channel's settings: the rates of each kind of recognition and synthesis error and of turn-taking effects. */
export interface ChannelProfile {
  /** The `--channel` name this profile answers to. */
  readonly name: string;
  /** Where the rates come from: `tasks_voice.json` or an evalsim preset. */
  readonly source: "tasks_voice" | "preset";
  /** Caller → agent; undefined when the caller is heard verbatim. */
  readonly asr?: AsrProfile;
  /** Agent → caller: what the caller hears is the text as a synthesizer reads it. */
  readonly tts: boolean;
  /** Agent → caller: what the caller's side mishears of it; undefined: nothing. */
  readonly ttsErrors?: TtsErrors;
  /** Turn-taking effects (fragments, barge-in, side remarks as messages, agent cut short); undefined: none. */
  readonly turns?: TurnTaking;
}

export const CLEAN: ChannelProfile = { name: "clean", source: "preset", tts: false };

/** tau2-bench's side phrases and vocal tics (the same list in every task's configs). */
export const DEFAULT_SIDE_PHRASES: readonly string[] = [
  "Not now.",
  "Hold on a second.",
  "I'm on the phone.",
  "Just a minute.",
  "I don't know.",
  "Give me a moment.",
  "One second.",
  "I'll be right with you.",
  "Can you wait?",
  "Shh, quiet.",
];
export const DEFAULT_VOCAL_TICS: readonly string[] = ["(cough)", "(sneeze)", "(sniffle)"];

/**
 * The recognition errors of a real call (eva's airline calls, clean caller
 * turns; `npm run bench -- --only channel` replays them): the `eva-asr`
 * profile, and the base every other profile scales.
 */
export const EVA_ASR_RATES = {
  letterConfusion: 0.085,
  letterDrop: 0.004,
  groupDrop: 0.045,
  digitDrop: 0.03,
  digitConfusion: 0.03,
  nameVariant: 0.25,
  soundAlike: 0.05,
  wordDropRate: 0.008,
  pauseDrop: 0.012,
  cutOff: 0.012,
  repeat: 0.06,
  cleanShare: 0.2,
} as const;

/**
 * What the caller mishears of the agent in eva's one real recorded call
 * (`measure/eva-record.ts`; `npm run bench -- --only channel` replays it):
 * the opening words of 3 replies in 10 lost, and a said number or spelled
 * letter now and then heard as a sound-alike.
 */
export const EVA_TTS_RATES: TtsErrors = { firstWordsLost: 0.3, entityMisread: 0.015 };

/** The agent side scaled as the caller side is: losses by `lose`, mishearings by `recognize`. */
export function ttsErrors(recognize: number, lose: number): TtsErrors {
  return { firstWordsLost: Math.min(1, EVA_TTS_RATES.firstWordsLost * lose), entityMisread: Math.min(1, EVA_TTS_RATES.entityMisread * recognize) };
}

/** Letter confusion by the field's transcription difficulty, relative to medium. */
const DIFFICULTY_SCALE: Readonly<Record<Difficulty, number>> = { easy: 0.4, medium: 1, hard: 2 };

/**
 * The fitted rates scaled: `recognize` multiplies what is heard wrong
 * (letters, digits, names, sound-alikes, repeats), `lose` what is not heard
 * at all (letters, digits, groups, words, runs after a pause, cut-off ends).
 */
export function recognition(recognize: number, lose: number): Omit<AsrProfile, "muffleProbability" | "muffleSpans" | "muffleWords" | "insertsPerMinute" | "vocalTics" | "minWordsForTics" | "sidePhrases" | "normalizeNumbers"> {
  const r = EVA_ASR_RATES;
  const c = Math.min(1, r.letterConfusion * recognize);
  return {
    letterConfusion: { easy: c * DIFFICULTY_SCALE.easy, medium: c, hard: Math.min(1, c * DIFFICULTY_SCALE.hard) },
    homophoneRate: Math.min(1, 0.4 * recognize),
    nameVariant: Math.min(1, r.nameVariant * recognize),
    soundAlike: r.soundAlike * recognize,
    digitConfusion: r.digitConfusion * recognize,
    repeat: r.repeat * recognize,
    letterDrop: r.letterDrop * lose,
    groupDrop: r.groupDrop * lose,
    digitDrop: r.digitDrop * lose,
    wordDropRate: r.wordDropRate * lose,
    pauseDrop: r.pauseDrop * lose,
    cutOff: r.cutOff * lose,
    cleanShare: r.cleanShare,
  };
}

/**
 * How a tau2 config scales the fitted rates: accents make recognition errors
 * twice as likely and degraded audio as well (`regular`, with both, is the
 * real calls' level); frame drops scale losses by `frame_drop_rate` against
 * `regular`'s 0.02, and a line without audio effects loses a tenth as much.
 */
export function tau2Scaling(parts: { readonly audio: boolean; readonly accents: boolean }, frameDropRate: number): { recognize: number; lose: number } {
  return { recognize: (parts.accents ? 1 : 0.5) * (parts.audio ? 1 : 0.5), lose: parts.audio ? frameDropRate / 0.02 : 0.1 };
}

/** The parts a tau2 config name is made of: audio effects, accents, behaviour. */
interface PresetParts {
  readonly audio: boolean;
  readonly accents: boolean;
  readonly behavior: boolean;
}

/**
 * The rates of tau2-bench's eight configs, which are the same in every task
 * of every domain: audio = frame drops 0.005 (0.02 in `regular`) and muffling
 * 0.2 with one 500 ms segment; behaviour = tics and side phrases at 0.7 per
 * minute; accents = homophones and letter confusion twice as likely.
 */
function presetFrom(name: string, parts: PresetParts): ChannelProfile {
  const { recognize, lose } = tau2Scaling(parts, name === "regular" ? 0.02 : 0.005);
  return {
    name,
    source: "preset",
    tts: true,
    ttsErrors: ttsErrors(recognize, lose),
    asr: {
      ...recognition(recognize, lose),
      muffleProbability: parts.audio ? 0.2 * MUFFLE_HEARD : 0,
      muffleSpans: 1,
      muffleWords: 1,
      insertsPerMinute: parts.behavior ? 0.7 : 0,
      vocalTics: parts.behavior ? DEFAULT_VOCAL_TICS : [],
      minWordsForTics: 3,
      // Side phrases come as messages of their own (turn-taking), never inside a sentence.
      sidePhrases: [],
      normalizeNumbers: true,
    },
    ...(parts.behavior ? { turns: turnTaking(DEFAULT_SIDE_PHRASES, 0.7, true) } : {}),
  };
}

/** A caller turn's length on a call, seconds: side remarks per minute become a chance per turn. */
export const TURN_SECONDS = 10;

/**
 * Turn-taking for a caller whose behaviour is on: side remarks (tau2's
 * non-directed phrases, which tau2 plays between turns) as messages of their
 * own at the config's events per minute over a turn; one utterance in twenty
 * split at a pause, one in ten cut by the agent talking over it; an
 * interrupting caller cuts one agent reply in ten short. Not fitted: text
 * has no timing to fit them to (see docs/voice-channel.md).
 */
export function turnTaking(remarks: readonly string[], eventsPerMinute: number, callerInterrupts: boolean): TurnTaking {
  return { fragment: 0.05, bargeIn: 0.1, sideRemark: remarks.length > 0 ? Math.min(1, (eventsPerMinute * TURN_SECONDS) / 60) : 0, agentCut: callerInterrupts ? 0.1 : 0, remarks };
}

/**
 * Share of tau2's muffled segments a recogniser gets wrong: a 500 ms muffle
 * mostly still comes through; when not, the word is heard as a sound-alike.
 */
export const MUFFLE_HEARD = 0.25;

/** `control_audio_behavior` → audio and behaviour on, accents off; `regular` → all three. */
export function partsOf(name: string): PresetParts {
  if (name === "regular") return { audio: true, accents: true, behavior: true };
  const words = new Set(name.split("_"));
  return { audio: words.has("audio"), accents: words.has("accents"), behavior: words.has("behavior") };
}

/** tau2-bench's config names; each is a preset too, for scenarios without a tasks_voice config. */
export const TAU2_CONFIG_NAMES: readonly string[] = [
  "control",
  "regular",
  "control_audio",
  "control_accents",
  "control_behavior",
  "control_audio_accents",
  "control_audio_behavior",
  "control_accents_behavior",
];

/** The fitted recognition errors at `scale` of their real rate, and nothing else: no muffling, side phrases or tics. */
function quietRecognition(scale: number): AsrProfile {
  return {
    ...recognition(scale, scale),
    muffleProbability: 0,
    muffleSpans: 1,
    muffleWords: 1,
    insertsPerMinute: 0,
    vocalTics: [],
    minWordsForTics: 3,
    sidePhrases: [],
    normalizeNumbers: true,
  };
}

/** evalsim's gentle preset: the fitted recognition errors at 0.3 of their real rate; no side remarks, no tics, no turn-taking. */
const LIGHT: ChannelProfile = {
  name: "light",
  source: "preset",
  tts: true,
  ttsErrors: ttsErrors(0.3, 0.3),
  asr: quietRecognition(0.3),
};

/** The recognition errors of eva's real calls, and the agent side's of its recorded call, at their measured rates: no side phrases, no tics. */
const EVA_ASR: ChannelProfile = {
  name: "eva-asr",
  source: "preset",
  tts: true,
  ttsErrors: ttsErrors(1, 1),
  asr: quietRecognition(1),
};

const PRESETS: ReadonlyMap<string, ChannelProfile> = new Map<string, ChannelProfile>([
  ["clean", CLEAN],
  ["light", LIGHT],
  ["eva-asr", EVA_ASR],
  ...TAU2_CONFIG_NAMES.map((n): [string, ChannelProfile] => [n, presetFrom(n, partsOf(n))]),
]);

/** Every name `--channel` accepts. */
export const CHANNEL_NAMES: readonly string[] = [...PRESETS.keys()];

/** The voice-channel profile of a preset name (`clean`, `light`, `eva-asr`, `regular`, the tau2 config names), or undefined. */
export function presetProfile(name: string): ChannelProfile | undefined {
  return PRESETS.get(name);
}
