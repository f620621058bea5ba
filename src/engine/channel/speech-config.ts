/**
 * A task's speech-complexity config in tau2-bench's `tasks_voice.json` form
 * (`channel_effects_config`, `speech_effects_config`, `persona_config`), read
 * into a channel profile. Fields the text channel has no use for (background
 * noise files, SNRs, interruption behaviour) are accepted and ignored.
 */
import { z } from "zod";
import type { AsrProfile, ChannelProfile } from "./profile.js";
import { MUFFLE_HEARD, partsOf, recognition, tau2Scaling, ttsErrors, turnTaking } from "./profile.js";

const Phrase = z.looseObject({ text: z.string() });

export const SpeechConfigSchema = z.looseObject({
  channel_effects_config: z
    .looseObject({
      enable_frame_drops: z.boolean().default(false),
      frame_drop_rate: z.number().min(0).max(1).default(0),
    })
    .optional(),
  speech_effects_config: z
    .looseObject({
      enable_dynamic_muffling: z.boolean().default(false),
      muffle_probability: z.number().min(0).max(1).default(0),
      muffle_segment_count: z.number().int().min(0).default(1),
      muffle_segment_duration_ms: z.number().min(0).default(500),
      enable_vocal_tics: z.boolean().default(false),
      vocal_tics: z.array(Phrase).default([]),
      min_words_for_vocal_tics: z.number().int().min(0).default(3),
      enable_non_directed_phrases: z.boolean().default(false),
      non_directed_phrases: z.array(Phrase).default([]),
      speech_insert_events_per_minute: z.number().min(0).default(0),
    })
    .optional(),
  persona_config: z.looseObject({ interrupt_tendency: z.string().optional() }).optional(),
});
export type SpeechConfig = z.output<typeof SpeechConfigSchema>;

/** Seconds of speech per word at a conversational 150 words a minute. */
export const SECONDS_PER_WORD = 0.4;

/**
 * `.[cough][cough][cough]` is synthesizer markup for one coughing fit; an ASR
 * that hears it writes at most a bracketed sound, once: "(cough)".
 */
export function ticAsHeard(markup: string): string {
  const sound = /\[([a-z]+)\]/i.exec(markup)?.[1];
  return sound ? `(${sound.toLowerCase()})` : markup.replace(/^[.\s]+/, "");
}

export function profileFromSpeechConfig(name: string, raw: unknown): ChannelProfile {
  const cfg = SpeechConfigSchema.parse(raw);
  const ch = cfg.channel_effects_config;
  const sp = cfg.speech_effects_config;
  const tics = sp?.enable_vocal_tics ? sp.vocal_tics.map((t) => ticAsHeard(t.text)) : [];
  const phrases = sp?.enable_non_directed_phrases ? sp.non_directed_phrases.map((p) => p.text) : [];
  const dropRate = ch?.enable_frame_drops ? ch.frame_drop_rate : 0;
  const muffle = sp?.enable_dynamic_muffling ? sp.muffle_probability : 0;
  const { recognize, lose } = tau2Scaling({ audio: dropRate > 0 || muffle > 0, accents: partsOf(name).accents }, dropRate);
  const asr: AsrProfile = {
    ...recognition(recognize, lose),
    muffleProbability: muffle * MUFFLE_HEARD,
    muffleSpans: sp?.muffle_segment_count ?? 1,
    muffleWords: Math.max(1, Math.round((sp?.muffle_segment_duration_ms ?? 500) / 1000 / SECONDS_PER_WORD)),
    insertsPerMinute: tics.length + phrases.length > 0 ? (sp?.speech_insert_events_per_minute ?? 0) : 0,
    vocalTics: tics,
    minWordsForTics: sp?.min_words_for_vocal_tics ?? 3,
    // Side phrases come as messages of their own (turn-taking), never inside a sentence.
    sidePhrases: [],
    normalizeNumbers: true,
  };
  const persona = cfg.persona_config;
  const behavior = sp?.enable_non_directed_phrases === true || sp?.enable_vocal_tics === true;
  const turns = behavior ? turnTaking(phrases, sp?.speech_insert_events_per_minute ?? 0, persona?.interrupt_tendency === "interrupts") : undefined;
  return { name, source: "tasks_voice", tts: true, ttsErrors: ttsErrors(recognize, lose), asr, ...(turns ? { turns } : {}) };
}
