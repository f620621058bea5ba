/**
 * What of a reply is spoken, and what is thinking, as the voice harness's TTS
 * decides it (NeMo labs-Voice-Agent 1a83139,
 * `nemo_voice_agent/pipecat/services/nemo/tts.py`):
 *
 * - `run_tts` (lines 301-309) passes the text through `_handle_think_tokens`
 *   when `think_tokens` is configured, speaks nothing when that leaves no
 *   text, and then removes every `ignore_strings` entry (`_drop_special_tokens`,
 *   lines 286-296, a plain `str.replace` of each);
 * - `_handle_think_tokens` (lines 236-284): with both tokens in the text, only
 *   what follows the FIRST close token is spoken (everything before it is
 *   thinking, text before the open token included); with only the open token,
 *   what precedes it is spoken and the rest is thinking (a reply cut off mid
 *   thought); with only the close token, or neither, the text is spoken as it
 *   is.
 *
 * evalsim applies this to a reply's whole text at once (the harness applies it
 * to each chunk its sentence aggregator hands the TTS; a reply as one chunk is
 * what a non-streaming endpoint gives). A reasoning parser on the server
 * (`--reasoning-parser`) moves thinking into `reasoning_content` / `reasoning`
 * instead: never spoken, and never in the agent's context (pipecat 1.6's
 * `BaseOpenAILLMService._process_context` reads only `delta.content` and
 * `delta.tool_calls`).
 */
import { z } from "zod";

/** Config keys: the pair that encloses thinking (null: no stripping) and the strings the TTS drops. */
export const THINKING_SHAPE = {
  think_tokens: z.tuple([z.string().min(1), z.string().min(1)]).nullable().optional(),
  ignore_strings: z.array(z.string().min(1)).max(64).optional(),
} as const;

/** The harness's `tts.think_tokens` in its shipped configs; used when a config names none. */
export const DEFAULT_THINK_TOKENS: readonly [string, string] = ["<think>", "</think>"];

export interface SpeechSettings {
  /** null: thinking tags are spoken as text (the harness's `think_tokens: null`). */
  readonly thinkTokens?: readonly [string, string] | null;
  readonly ignoreStrings?: readonly string[];
}

export interface SplitReply {
  /** What the TTS would speak ("" when nothing). */
  readonly spoken: string;
  /** The text the TTS dropped as thinking, when there was any. */
  readonly thinking?: string;
}

/** Split a reply's text into what is spoken and what is thinking (see the file comment). */
export function splitThinking(text: string, settings: SpeechSettings = {}): SplitReply {
  const tokens = settings.thinkTokens === undefined ? DEFAULT_THINK_TOKENS : settings.thinkTokens;
  let spoken = text;
  let thinking: string | undefined;
  if (tokens !== null && text !== "") {
    const [open, close] = tokens;
    const at = text.indexOf(close);
    if (text.includes(open) && at !== -1) {
      thinking = text.slice(0, at + close.length);
      spoken = text.slice(at + close.length);
    } else if (text.includes(open)) {
      const start = text.indexOf(open);
      thinking = text.slice(start);
      spoken = text.slice(0, start);
    }
  }
  // The harness returns before dropping ignore_strings when nothing is left.
  if (spoken !== "") for (const s of settings.ignoreStrings ?? []) spoken = spoken.split(s).join("");
  return thinking === undefined ? { spoken } : { spoken, thinking };
}
