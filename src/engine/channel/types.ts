/** How hard a spelled field is to recognise (tau2's audio difficulty levels). */
export type Difficulty = "easy" | "medium" | "hard";

/**
 * One change the channel made to an utterance. `at` and `end` are offsets in
 * the spoken text (end exclusive; equal for an insertion), so every effect
 * can be located in the transcript's `text` whatever else changed.
 */
export type ChannelEffect =
  | { readonly kind: "word_drop"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "muffle"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "vocal_tic"; readonly at: number; readonly end: number; readonly heard: string }
  | { readonly kind: "side_phrase"; readonly at: number; readonly end: number; readonly heard: string }
  | { readonly kind: "homophone"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "letter_confusion"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string; readonly difficulty: Difficulty }
  | { readonly kind: "number_words"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "spelled_code"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "letter_drop"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "group_drop"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "digit_drop"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "digit_confusion"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "name_variant"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "sound_alike"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "pause_drop"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "cut_off"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "fragment"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "barge_in"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "continuation"; readonly at: number; readonly end: number }
  | { readonly kind: "side_remark"; readonly at: number; readonly end: number; readonly heard: string }
  | { readonly kind: "agent_cut"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "word_repeat"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "tts_markup"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "tts_emoji"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "tts_code"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string }
  | { readonly kind: "tts_first_words"; readonly at: number; readonly end: number; readonly original: string }
  | { readonly kind: "tts_misread"; readonly at: number; readonly end: number; readonly original: string; readonly heard: string };

export type ChannelEffectKind = ChannelEffect["kind"];

/** What the other side heard, and how it came about. */
export interface Heard {
  readonly text: string;
  readonly effects: readonly ChannelEffect[];
}

/**
 * What a scenario tells the channel about its caller: names that sound like
 * other names, and how hard each of the caller's values is to transcribe.
 */
export interface ScenarioVoice {
  /** Speech-complexity configs by name, in tau2-bench's `tasks_voice.json` form. */
  readonly configs?: Readonly<Record<string, unknown>>;
  /** A name → the names it is commonly heard as (`Sofia` → [`Sophia`]). */
  readonly homophones?: Readonly<Record<string, readonly string[]>>;
  /** Name words of the caller that a recogniser may spell another way (`Allen` → `Alan`). */
  readonly names?: readonly string[];
  /** The caller's values (user id, names, e-mail) with their transcription difficulty. */
  readonly fields?: readonly { readonly value: string; readonly difficulty: Difficulty }[];
  /** Tool-result and DB field names whose values an agent must never read aloud (eva journey ids). */
  readonly neverSpokenFields?: readonly string[];
}
