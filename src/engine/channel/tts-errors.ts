/**
 * What a caller mishears of the agent's synthesized speech, fitted to eva's
 * one real recorded call (`measure/eva-record.ts`): the opening words of a
 * reply lost ("Got it.", "Perfect." — the caller's side starts listening a
 * moment late), and now and then a said number or spelled letter heard as a
 * sound-alike (fifteen/fifty, T/P). Every choice comes from the channel's own
 * stream for the agent side, in text order.
 */
import type { Rng } from "../rng.js";
import { LETTER_CONFUSIONS, pickWeighted } from "./confusions.js";
import type { EditList } from "./edits.js";
import { wordsOf } from "./edits.js";

export interface TtsErrors {
  /** Per reply of four words or more: its opening words lost (a short first sentence, else the first word). */
  readonly firstWordsLost: number;
  /** Per said number word with a sound-alike (fifteen/fifty) or spelled letter with a confusable one. */
  readonly entityMisread: number;
}

/** A reply's opening is at most this many words when it is lost whole ("All set.", "Got it."). */
const SHORT_OPENING = 3;

const TEEN_TY: Readonly<Record<string, string>> = {
  thirteen: "thirty",
  fourteen: "forty",
  fifteen: "fifty",
  sixteen: "sixty",
  seventeen: "seventy",
  eighteen: "eighty",
  nineteen: "ninety",
  thirty: "thirteen",
  forty: "fourteen",
  fifty: "fifteen",
  sixty: "sixteen",
  seventy: "seventeen",
  eighty: "eighteen",
  ninety: "nineteen",
};

const likeCase = (model: string, word: string): string => (/^[A-Z]/.test(model) ? word.charAt(0).toUpperCase() + word.slice(1) : word);

/** What a number word or a spelled letter may be misheard as; undefined when nothing sounds like it. */
function misheard(word: string, rng: Rng): string | undefined {
  const lower = word.toLowerCase();
  if (Object.hasOwn(TEEN_TY, lower)) return likeCase(word, TEEN_TY[lower] as string);
  const letters = (Object.hasOwn(LETTER_CONFUSIONS, word) ? (LETTER_CONFUSIONS[word] ?? []) : []).filter(([c]) => /^[A-Z]$/.test(c));
  return letters.length > 0 ? pickWeighted(rng, letters) : undefined;
}

/** A spelled letter said on its own ("seat twenty-one A"), not the words "A" and "I". */
const isSpelledLetter = (w: string): boolean => /^[B-HJ-Z]$/.test(w) && Object.hasOwn(LETTER_CONFUSIONS, w);

export function ttsErrorEdits(text: string, errors: TtsErrors, edits: EditList, rng: Rng): void {
  const words = wordsOf(text);
  if (words.length >= 4 && rng.next() < errors.firstWordsLost) {
    const stop = /[.!?,]\s/.exec(text);
    const openingWords = stop ? words.filter((w) => w.end <= stop.index + 1).length : words.length;
    const first = words[0] as { start: number; end: number; text: string };
    const end = stop && openingWords <= SHORT_OPENING && openingWords < words.length ? stop.index + stop[0].length : first.end;
    if (edits.free(first.start, end)) {
      edits.add({ at: first.start, end, replacement: "", effect: { kind: "tts_first_words", at: first.start, end, original: text.slice(first.start, end) } });
    }
  }
  if (errors.entityMisread <= 0) return;
  // Letter runs, so each half of "twenty-two" is a word of its own.
  for (const m of text.matchAll(/[A-Za-z]+/g)) {
    const w = { start: m.index, end: m.index + m[0].length, text: m[0] };
    if (!(Object.hasOwn(TEEN_TY, w.text.toLowerCase()) || isSpelledLetter(w.text)) || rng.next() >= errors.entityMisread) continue;
    const heard = misheard(w.text, rng);
    if (heard === undefined || !edits.free(w.start, w.end)) continue;
    edits.add({ at: w.start, end: w.end, replacement: heard, effect: { kind: "tts_misread", at: w.start, end: w.end, original: w.text, heard } });
  }
}
