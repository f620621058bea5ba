/**
 * Agent → caller: what the caller hears when a speech synthesizer reads the
 * agent's text. The reading itself is deterministic (a synthesizer has no
 * dice); what the caller's side then mishears is drawn from the channel's
 * stream (`tts-errors.ts`). Markdown markup is
 * not spoken (list markers, emphasis, headings, table rules and pipes,
 * backticks, link targets), emoji are skipped, and an unspelled code is read
 * the way a synthesizer reads it (letter runs as a word, digit runs as one
 * number), which is what makes such a code hard to understand on a call.
 */
import { findCodeTokens, synthesizedCode } from "./codes.js";
import { EditList } from "./edits.js";
import type { Rng } from "../rng.js";
import type { TtsErrors } from "./tts-errors.js";
import { ttsErrorEdits } from "./tts-errors.js";
import type { Heard } from "./types.js";

const ORDINAL = /^[0-9]+(?:st|nd|rd|th)$/i;

const EMOJI = /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic})*/gu;

/** Markup a synthesizer does not read: `[pattern, what is heard]`, the first group kept where given. */
const MARKUP: readonly (readonly [RegExp, "drop" | "keep1"])[] = [
  [/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, "drop"], // table rule
  [/\[([^\]\n]+)\]\((?:[^)\s]+)\)/g, "keep1"], // [text](url)
  [/\*\*([^*\n]+)\*\*/g, "keep1"],
  [/__([^_\n]+)__/g, "keep1"],
  [/`([^`\n]+)`/g, "keep1"],
  [/^[ \t]*#{1,6}[ \t]+/gm, "drop"], // heading
  [/^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+/gm, "drop"], // list item
  [/(?<![A-Za-z0-9])\*([^*\n]+)\*(?![A-Za-z0-9])/g, "keep1"],
  [/[ \t]*\|[ \t]*/g, "drop"], // table pipes
];

/**
 * What the caller hears of `text`; with `errors` (a profile fitted to a real
 * call) also what the caller's side mishears, drawn from `rng`.
 */
export function ttsHear(text: string, errors?: TtsErrors, rng?: Rng): Heard {
  const edits = new EditList();
  for (const [re, how] of MARKUP) {
    for (const m of text.matchAll(re)) {
      const at = m.index;
      const end = at + m[0].length;
      if (m[0].length === 0) continue;
      const heard = how === "keep1" ? (m[1] ?? "") : m[0].includes("|") ? " " : "";
      if (how === "keep1") {
        // Replace only the markup around the kept text, so a code inside `**...**` is still seen below.
        const inner = at + m[0].indexOf(m[1] ?? "");
        const innerEnd = inner + (m[1] ?? "").length;
        if (!edits.free(at, end)) continue;
        edits.add({ at, end: inner, replacement: "", effect: { kind: "tts_markup", at, end: inner, original: text.slice(at, inner), heard: "" } });
        edits.add({ at: innerEnd, end, replacement: "", effect: { kind: "tts_markup", at: innerEnd, end, original: text.slice(innerEnd, end), heard: "" } });
        continue;
      }
      edits.add({ at, end, replacement: heard, effect: { kind: "tts_markup", at, end, original: m[0], heard } });
    }
  }
  for (const m of text.matchAll(EMOJI)) {
    edits.add({ at: m.index, end: m.index + m[0].length, replacement: "", effect: { kind: "tts_emoji", at: m.index, end: m.index + m[0].length, original: m[0] } });
  }
  for (const c of findCodeTokens(text)) {
    // An ordinal ("14th", "22nd") is read as one, not as a number and two letters ("fourteen th").
    if (ORDINAL.test(c.text)) continue;
    const heard = synthesizedCode(c.text);
    if (heard === c.text) continue;
    edits.add({ at: c.start, end: c.end, replacement: heard, effect: { kind: "tts_code", at: c.start, end: c.end, original: c.text, heard } });
  }
  if (errors && rng) ttsErrorEdits(text, errors, edits, rng);
  return edits.apply(text);
}
