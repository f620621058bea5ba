/**
 * How strongly the voice channel acts, as numbers. A profile comes from a
 * tau2 task's own speech-complexity config (`tasks_voice.json`) or from one of
 * evalsim's named presets, which carry the same rates for scenarios that have
 * no such config (eva) and add `light`.
 */

export type Difficulty = "easy" | "medium" | "hard";

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
  /** Digit words ("nine five") written as digits, as an ASR normalizes them. */
  readonly normalizeNumbers: boolean;
}

export interface ChannelProfile {
  /** The `--channel` name this profile answers to. */
  readonly name: string;
  /** Where the rates come from: `tasks_voice.json` or an evalsim preset. */
  readonly source: "tasks_voice" | "preset";
  /** Caller → agent; undefined when the caller is heard verbatim. */
  readonly asr?: AsrProfile;
  /** Agent → caller: what the caller hears is the text as a synthesizer reads it. */
  readonly tts: boolean;
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

/** Letter confusion per spelled letter at the `regular` level of audio effects. */
const BASE_CONFUSION: Readonly<Record<Difficulty, number>> = { easy: 0.02, medium: 0.05, hard: 0.1 };
const scaled = (k: number): Record<Difficulty, number> => ({ easy: BASE_CONFUSION.easy * k, medium: BASE_CONFUSION.medium * k, hard: BASE_CONFUSION.hard * k });

/**
 * Homophones and letter confusions happen on any line (a name that sounds the
 * same is ambiguous however clear the voice); accents make both twice as
 * likely, degraded audio makes letters harder.
 */
export function recognition(parts: { readonly audio: boolean; readonly accents: boolean }): Pick<AsrProfile, "homophoneRate" | "letterConfusion"> {
  return { homophoneRate: parts.accents ? 0.8 : 0.4, letterConfusion: scaled((parts.accents ? 2 : 1) * (parts.audio ? 1 : 0.5)) };
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
  return {
    name,
    source: "preset",
    tts: true,
    asr: {
      wordDropRate: parts.audio ? (name === "regular" ? 0.02 : 0.005) : 0,
      muffleProbability: parts.audio ? 0.2 : 0,
      muffleSpans: 1,
      muffleWords: 1,
      insertsPerMinute: parts.behavior ? 0.7 : 0,
      vocalTics: parts.behavior ? DEFAULT_VOCAL_TICS : [],
      minWordsForTics: 3,
      sidePhrases: parts.behavior ? DEFAULT_SIDE_PHRASES : [],
      ...recognition(parts),
      normalizeNumbers: true,
    },
  };
}

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

const LIGHT: ChannelProfile = {
  name: "light",
  source: "preset",
  tts: true,
  asr: {
    wordDropRate: 0.005,
    muffleProbability: 0.05,
    muffleSpans: 1,
    muffleWords: 1,
    insertsPerMinute: 0.3,
    vocalTics: [],
    minWordsForTics: 3,
    sidePhrases: DEFAULT_SIDE_PHRASES,
    homophoneRate: 0.2,
    letterConfusion: scaled(0.5),
    normalizeNumbers: true,
  },
};

const PRESETS: ReadonlyMap<string, ChannelProfile> = new Map<string, ChannelProfile>([
  ["clean", CLEAN],
  ["light", LIGHT],
  ...TAU2_CONFIG_NAMES.map((n): [string, ChannelProfile] => [n, presetFrom(n, partsOf(n))]),
]);

/** Every name `--channel` accepts. */
export const CHANNEL_NAMES: readonly string[] = [...PRESETS.keys()];

export function presetProfile(name: string): ChannelProfile | undefined {
  return PRESETS.get(name);
}
