/**
 * The entity part of the ASR side: spelled codes and said numbers, where a
 * real recogniser makes most of the errors that matter. A spelled run is
 * written as the code it spells ("Z K three F F W" → "ZK3FFW", a spelled name
 * "W H I T E" → "W-H-I-T-E"); a said number as a recogniser writes it. On the
 * way its characters may be confused, dropped one at a time, or lost as a
 * group, each recorded as an effect inside the rewritten span.
 */
import type { Rng } from "../rng.js";
import { LETTER_CONFUSIONS, pick, pickWeighted } from "./confusions.js";
import type { Edit } from "./edits.js";
import type { NumberSpan } from "./numbers.js";
import { writeNumber } from "./numbers.js";
import type { AsrProfile, Difficulty } from "./profile.js";
import type { SpelledRun } from "./spelling.js";
import { unitChar } from "./spelling.js";
import type { ChannelEffect } from "./types.js";

/** A character with the offsets of the spoken unit it came from; `heard` undefined when lost. */
interface Char {
  readonly at: number;
  readonly end: number;
  readonly said: string;
  readonly original: string;
  heard: string | undefined;
}

/** Marks a group of two to four consecutive characters lost; returns the group's effect. */
function dropGroup(chars: Char[], rng: Rng, text: string): ChannelEffect | undefined {
  if (chars.length < 3) return undefined;
  const size = Math.min(chars.length - 1, 2 + rng.int(3));
  const first = rng.int(chars.length - size + 1);
  const group = chars.slice(first, first + size);
  for (const c of group) c.heard = undefined;
  const at = (group[0] as Char).at;
  const end = (group[group.length - 1] as Char).end;
  return { kind: "group_drop", at, end, original: text.slice(at, end) };
}

/** Per-character errors: letters confused or lost, digits lost. */
function charErrors(chars: Char[], asr: AsrProfile, difficulty: Difficulty, rng: Rng): ChannelEffect[] {
  const effects: ChannelEffect[] = [];
  for (const c of chars) {
    if (c.heard === undefined) continue;
    const isDigit = /^[0-9]$/.test(c.original);
    const options = Object.hasOwn(LETTER_CONFUSIONS, c.original) ? LETTER_CONFUSIONS[c.original] : undefined;
    if (options && (!isDigit || c.original === "8") && rng.next() < asr.letterConfusion[difficulty]) {
      c.heard = pickWeighted(rng, options);
      effects.push({ kind: "letter_confusion", at: c.at, end: c.end, original: c.said, heard: c.heard, difficulty });
    } else if (rng.next() < (isDigit ? asr.digitDrop : asr.letterDrop)) {
      c.heard = undefined;
      effects.push({ kind: isDigit ? "digit_drop" : "letter_drop", at: c.at, end: c.end, original: c.said });
    }
  }
  return effects;
}

/** A spelled run rewritten as the code it spells, with whatever the line did to its characters. */
export function spelledRunEdit(text: string, run: SpelledRun, asr: AsrProfile, difficulty: Difficulty, rng: Rng, quiet: boolean): Edit {
  const chars: Char[] = run.units.map((u) => {
    const ch = unitChar(u.text) as string;
    return { at: u.start, end: u.end, said: u.text, original: ch, heard: ch };
  });
  const within: ChannelEffect[] = [];
  if (!quiet) {
    const group = rng.next() < asr.groupDrop ? dropGroup(chars, rng, text) : undefined;
    if (group) within.push(group);
    within.push(...charErrors(chars, asr, difficulty, rng));
  }
  const kept = chars.map((c) => c.heard).filter((h): h is string => h !== undefined);
  // A spelled name ("W H I T E") is written letter by letter; a code with digits or symbols as one token.
  const lettersOnly = chars.every((c) => /^[A-Z]$/.test(c.original));
  const heard = lettersOnly ? kept.join("-") : kept.join("");
  const original = text.slice(run.start, run.end);
  return { at: run.start, end: run.end, replacement: heard, effect: { kind: "spelled_code", at: run.start, end: run.end, original, heard }, within };
}

/** Digits heard as sound-alike ones: a teen as its ten (fifteen/fifty), else one digit as a neighbour in sound. */
const DIGIT_ALIKES: Readonly<Record<string, readonly string[]>> = { "0": ["4"], "1": ["5", "7"], "4": ["5"], "5": ["4", "9"], "6": ["2"], "7": ["1"], "9": ["5"] };

function confuseDigits(digits: string, rng: Rng): string | undefined {
  const teen = /^1([3-9])$/.exec(digits);
  if (teen) return `${teen[1]}0`;
  const ty = /^([3-9])0$/.exec(digits);
  if (ty) return `1${ty[1]}`;
  const positions = [...digits].map((d, i) => (Object.hasOwn(DIGIT_ALIKES, d) ? i : -1)).filter((i) => i >= 0);
  if (positions.length === 0) return undefined;
  const i = pick(rng, positions);
  return digits.slice(0, i) + pick(rng, DIGIT_ALIKES[digits[i] as string] as readonly string[]) + digits.slice(i + 1);
}

/** A said number written as a recogniser writes it, with digits confused or lost on the way. */
export function numberEdit(text: string, span: NumberSpan, asr: AsrProfile, rng: Rng, quiet: boolean): Edit {
  const original = text.slice(span.at, span.end);
  const within: ChannelEffect[] = [];
  let digits = span.digits;
  if (!quiet && span.form !== "time") {
    if (digits.length >= 2 && rng.next() < asr.groupDrop) {
      // A short said number is lost whole; a long run loses a group of two to four digits.
      const size = digits.length <= 4 ? digits.length : 2 + rng.int(3);
      const first = rng.int(digits.length - size + 1);
      digits = digits.slice(0, first) + digits.slice(first + size);
      within.push({ kind: "group_drop", at: span.at, end: span.end, original });
    } else if (span.form === "digits") {
      const kept = [...digits].filter(() => rng.next() >= asr.digitDrop).join("");
      if (kept.length < digits.length) within.push({ kind: "digit_drop", at: span.at, end: span.end, original });
      digits = kept;
    }
  }
  if (!quiet && digits.length > 0 && rng.next() < asr.digitConfusion) {
    const heard = confuseDigits(digits, rng);
    if (heard !== undefined) {
      within.push({ kind: "digit_confusion", at: span.at, end: span.end, original: digits, heard });
      digits = heard;
    }
  }
  const heard = writeNumber(span, digits);
  return { at: span.at, end: span.end, replacement: heard, effect: { kind: "number_words", at: span.at, end: span.end, original, heard }, within };
}
