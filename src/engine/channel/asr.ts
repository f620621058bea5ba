/**
 * Caller → agent: what an ASR makes of what the caller said. Every random
 * choice comes from the channel's seeded stream, in a fixed order (numbers,
 * homophones, letters, muffling, drops, insertions), so a transcript is a
 * pure function of the seed, scenario, trial and text.
 */
import type { Rng } from "../rng.js";
import { EditList, wordsOf } from "./edits.js";
import type { AsrProfile, Difficulty } from "./profile.js";
import { SECONDS_PER_WORD } from "./speech-config.js";
import { findSpelledRuns, spelledKey, unitChar } from "./spelling.js";
import type { Heard, ScenarioVoice } from "./types.js";

/** Letters an ASR confuses on a phone line; `A` is also heard as `8`. */
export const CONFUSABLE_LETTERS: readonly (readonly string[])[] = [
  ["B", "D", "E", "P", "T", "V"],
  ["M", "N"],
  ["F", "S"],
  ["A", "8"],
];

/** Words a muffled line turns into a plausible other word; anything else becomes `[inaudible]`. */
export const MISHEARINGS: Readonly<Record<string, string>> = {
  fifteen: "fifty",
  fifty: "fifteen",
  thirteen: "thirty",
  thirty: "thirteen",
  fourteen: "forty",
  forty: "fourteen",
  can: "can't",
  "can't": "can",
  four: "for",
  two: "to",
  flight: "fight",
  cancel: "council",
  nine: "night",
  eight: "ate",
};

export const INAUDIBLE = "[inaudible]";

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)] as T;

function confusionFor(unit: string): readonly string[] | undefined {
  const group = CONFUSABLE_LETTERS.find((g) => g.includes(unit.toUpperCase()));
  return group?.filter((x) => x !== unit.toUpperCase());
}

/** How hard the value a spelled run spells is to transcribe: the caller field it belongs to, else medium. */
function difficultyOf(chars: string, voice: ScenarioVoice): Difficulty {
  const fields = voice.fields ?? [];
  const exact = fields.find((f) => spelledKey(f.value) === chars);
  if (exact) return exact.difficulty;
  const part = fields.find((f) => spelledKey(f.value).includes(chars));
  return part?.difficulty ?? "medium";
}

/** Draws an event count with mean `lambda` (a Poisson draw, at most 3). */
function poisson(rng: Rng, lambda: number): number {
  if (lambda <= 0) return 0;
  let k = 0;
  let p = Math.exp(-lambda);
  let cumulative = p;
  const u = rng.next();
  while (u > cumulative && k < 3) {
    k++;
    p *= lambda / k;
    cumulative += p;
  }
  return k;
}

function normalizeNumbers(text: string, edits: EditList): void {
  const runs = findSpelledRuns(text, 1);
  const digitRuns: { start: number; end: number; units: { start: number; end: number; text: string }[] }[] = [];
  // Digit words inside a spelled run, and runs of two or more digit words anywhere.
  const words = wordsOf(text);
  let current: { start: number; end: number; text: string }[] = [];
  const flush = (): void => {
    const inSpelled = current.length > 0 && runs.some((r) => r.start <= (current[0] as { start: number }).start && r.end >= (current[current.length - 1] as { end: number }).end);
    if (current.length >= 2 || (current.length === 1 && inSpelled)) {
      digitRuns.push({ start: (current[0] as { start: number }).start, end: (current[current.length - 1] as { end: number }).end, units: current });
    }
    current = [];
  };
  for (const w of words) {
    const ch = /^[a-z]+$/i.test(w.text) ? unitChar(w.text) : undefined;
    const isDigitWord = ch !== undefined && /^[0-9]$/.test(ch) && w.text.length > 1;
    const prev = current[current.length - 1];
    if (isDigitWord && (prev === undefined || /^[\s,\-]*$/.test(text.slice(prev.end, w.start)))) current.push(w);
    else {
      flush();
      if (isDigitWord) current.push(w);
    }
  }
  flush();
  for (const r of digitRuns) {
    const heard = r.units.map((u) => unitChar(u.text) as string).join("");
    const original = text.slice(r.start, r.end);
    edits.add({ at: r.start, end: r.end, replacement: heard, effect: { kind: "number_words", at: r.start, end: r.end, original, heard } });
  }
}

export function asrHear(text: string, asr: AsrProfile, voice: ScenarioVoice, rng: Rng): Heard {
  const edits = new EditList();
  // Letters first: a confused letter inside a spelled code matters more than its digits' layout.
  for (const run of findSpelledRuns(text)) {
    const difficulty = difficultyOf(run.chars, voice);
    const rate = asr.letterConfusion[difficulty];
    for (const unit of run.units) {
      if (unit.text.length !== 1) continue;
      const others = confusionFor(unit.text);
      if (!others || others.length === 0 || rng.next() >= rate) continue;
      const heard = pick(rng, others);
      edits.add({ at: unit.start, end: unit.end, replacement: heard, effect: { kind: "letter_confusion", at: unit.start, end: unit.end, original: unit.text, heard, difficulty } });
    }
  }
  if (asr.normalizeNumbers) normalizeNumbers(text, edits);
  const words = wordsOf(text);
  const homophones = voice.homophones ?? {};
  for (const w of words) {
    const alts = Object.hasOwn(homophones, w.text) ? homophones[w.text] : undefined;
    if (!alts || alts.length === 0 || rng.next() >= asr.homophoneRate) continue;
    const heard = pick(rng, alts);
    edits.add({ at: w.start, end: w.end, replacement: heard, effect: { kind: "homophone", at: w.start, end: w.end, original: w.text, heard } });
  }
  if (words.length > 0 && rng.next() < asr.muffleProbability) {
    for (let s = 0; s < asr.muffleSpans; s++) {
      const first = rng.int(words.length);
      const last = Math.min(words.length - 1, first + asr.muffleWords - 1);
      const at = (words[first] as { start: number }).start;
      const end = (words[last] as { end: number }).end;
      const original = text.slice(at, end);
      const lower = original.toLowerCase();
      const misheard = first === last && Object.hasOwn(MISHEARINGS, lower) && rng.next() < 0.5 ? (MISHEARINGS[lower] as string) : undefined;
      const heard = misheard ?? INAUDIBLE;
      edits.add({ at, end, replacement: heard, effect: { kind: "muffle", at, end, original, heard } });
    }
  }
  for (const w of words) {
    if (rng.next() >= asr.wordDropRate) continue;
    edits.add({ at: w.start, end: w.end, replacement: "", effect: { kind: "word_drop", at: w.start, end: w.end, original: w.text } });
  }
  const events = poisson(rng, (asr.insertsPerMinute * words.length * SECONDS_PER_WORD) / 60);
  const pool = [
    ...(words.length >= asr.minWordsForTics ? asr.vocalTics.map((t) => ({ kind: "vocal_tic" as const, text: t })) : []),
    ...asr.sidePhrases.map((t) => ({ kind: "side_phrase" as const, text: t })),
  ];
  // Insertions go where a speaker pauses: a side phrase after a sentence, a tic after a comma too; or at the end.
  const after = (re: RegExp): number[] => [...[...text.matchAll(re)].map((m) => m.index + 1), text.length];
  const sentenceEnds = after(/[.!?](?=\s)/g);
  const pausesForTics = after(/[.!?,](?=\s)/g);
  for (let i = 0; i < events && pool.length > 0 && words.length > 0; i++) {
    const what = pick(rng, pool);
    const at = pick(rng, what.kind === "side_phrase" ? sentenceEnds : pausesForTics);
    edits.add({ at, end: at, replacement: ` ${what.text}`, effect: { kind: what.kind, at, end: at, heard: what.text } });
  }
  return edits.apply(text);
}
