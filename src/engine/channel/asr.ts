/**
 * Caller → agent: what an ASR makes of what the caller said, fitted to real
 * calls (see `measure/`): most errors land on codes, numbers and names; an
 * ordinary word is written as a sound-alike, never as `[inaudible]`; words
 * are lost singly, in a run after a pause, or at the cut-off end of an
 * utterance. Every random choice comes from the channel's seeded stream, in a
 * fixed order (entities, names, words, muffling, losses, insertions), so a
 * transcript is a pure function of the seed, scenario, trial and text.
 */
import type { Rng } from "../rng.js";
import { numberEdit, spelledRunEdit } from "./asr-entities.js";
import { inflectionSlip, nameVariants, pick, SOUND_ALIKES } from "./confusions.js";
import { EditList, wordsOf } from "./edits.js";
import { findSpokenNumbers } from "./numbers.js";
import type { AsrProfile, Difficulty } from "./profile.js";
import { SECONDS_PER_WORD } from "./speech-config.js";
import { findSpelledRuns, spelledKey } from "./spelling.js";
import type { Heard, ScenarioVoice } from "./types.js";

type Word = { start: number; end: number; text: string };

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

/** Keeps the case of the word it replaces ("Fare" → "Fair"). */
const likeCase = (model: string, word: string): string => (/^[A-Z]/.test(model) ? word.charAt(0).toUpperCase() + word.slice(1) : word);

/** A sound-alike for a word: the table's, else a missed inflection; undefined when there is none. */
function soundAlike(word: string, rng: Rng): string | undefined {
  const lower = word.toLowerCase();
  const alts = Object.hasOwn(SOUND_ALIKES, lower) ? SOUND_ALIKES[lower] : undefined;
  if (alts) return likeCase(word, pick(rng, alts));
  return inflectionSlip(word);
}

/** Name words: the scenario's, its homophone table's, and a capitalised word said after "name is" / "I am". */
function nameWordsOf(text: string, words: readonly Word[], voice: ScenarioVoice): Set<number> {
  const known = new Set([...(voice.names ?? []), ...Object.keys(voice.homophones ?? {})]);
  const out = new Set<number>();
  words.forEach((w, i) => {
    if (known.has(w.text)) out.add(i);
    const before = text.slice(Math.max(0, w.start - 12), w.start).toLowerCase();
    if (/^[A-Z][a-z]+$/.test(w.text) && /(?:name is|name|i am|i'm|this is|name's)[\s,]*$/.test(before)) {
      out.add(i);
      if (/^[A-Z][a-z]+$/.test(words[i + 1]?.text ?? "") && /^\s+$/.test(text.slice(w.end, words[i + 1]?.start))) out.add(i + 1);
    }
  });
  return out;
}

/** Blank out spans (times, with their "a m") so spelled-run detection never takes them for letters. */
function blank(text: string, spans: readonly { at: number; end: number }[]): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.at) + "#".repeat(s.end - s.at) + out.slice(s.end);
  return out;
}

export function asrHear(text: string, asr: AsrProfile, voice: ScenarioVoice, rng: Rng): Heard {
  const edits = new EditList();
  const words = wordsOf(text);
  // One- and two-word utterances ("Okay.", "Yes, please.") are heard as said; so is a share of the rest.
  const quiet = words.length <= 2 || rng.next() < asr.cleanShare;
  const numbers = asr.normalizeNumbers ? findSpokenNumbers(text) : [];
  const times = numbers.filter((n) => n.form === "time");
  const runs = findSpelledRuns(blank(text, times));
  for (const run of runs) edits.add(spelledRunEdit(text, run, asr, difficultyOf(run.chars, voice), rng, quiet));
  for (const n of numbers) if (edits.free(n.at, n.end)) edits.add(numberEdit(text, n, asr, rng, quiet));
  if (quiet) return withInsertions(text, words, edits, asr, rng);

  const names = nameWordsOf(text, words, voice);
  const homophones = voice.homophones ?? {};
  words.forEach((w, i) => {
    if (!edits.free(w.start, w.end)) return;
    if (names.has(i)) {
      const table = Object.hasOwn(homophones, w.text) ? homophones[w.text] : undefined;
      const rate = table && table.length > 0 ? Math.max(asr.homophoneRate, asr.nameVariant) : asr.nameVariant;
      if (rng.next() >= rate) return;
      const alts = table && table.length > 0 ? table : nameVariants(w.text);
      if (alts.length === 0) return;
      const heard = pick(rng, alts);
      const kind = table && table.length > 0 ? ("homophone" as const) : ("name_variant" as const);
      edits.add({ at: w.start, end: w.end, replacement: heard, effect: { kind, at: w.start, end: w.end, original: w.text, heard } });
      return;
    }
    // A spelled letter or an acronym ("seat 21 A", "JFK") is not a word to mishear as another word.
    const plainWord = w.text.length > 1 && !/^[A-Z0-9]+$/.test(w.text);
    if (plainWord && rng.next() < asr.soundAlike) {
      const heard = soundAlike(w.text, rng);
      if (heard !== undefined) edits.add({ at: w.start, end: w.end, replacement: heard, effect: { kind: "sound_alike", at: w.start, end: w.end, original: w.text, heard } });
    } else if (rng.next() < asr.wordDropRate) {
      edits.add({ at: w.start, end: w.end, replacement: "", effect: { kind: "word_drop", at: w.start, end: w.end, original: w.text } });
    }
  });
  if (rng.next() < asr.muffleProbability) {
    // A muffled stretch comes out as sound-alike words, or not at all; never as "[inaudible]".
    for (let s = 0; s < asr.muffleSpans; s++) {
      const first = rng.int(words.length);
      const span = words.slice(first, first + asr.muffleWords);
      const at = (span[0] as Word).start;
      const end = (span[span.length - 1] as Word).end;
      const heard = span.map((w) => soundAlike(w.text, rng) ?? "").join(" ").trim();
      edits.add({ at, end, replacement: heard, effect: { kind: "muffle", at, end, original: text.slice(at, end), heard } });
    }
  }
  lossesAndRepeats(text, words, edits, asr, rng);
  return withInsertions(text, words, edits, asr, rng);
}

/** Runs of words lost after a pause, a cut-off ending, a word written twice. */
function lossesAndRepeats(text: string, words: readonly Word[], edits: EditList, asr: AsrProfile, rng: Rng): void {
  if (rng.next() < asr.pauseDrop) {
    const pauses = words.map((w, i) => (i > 0 && /[,.;!?]/.test(text.slice((words[i - 1] as Word).end, w.start)) ? i : -1)).filter((i) => i >= 0 && i + 3 <= words.length);
    const starts = pauses.length > 0 ? pauses : [rng.int(Math.max(1, words.length - 2))];
    const first = pick(rng, starts);
    const span = words.slice(first, first + 3 + rng.int(3));
    const at = (span[0] as Word).start;
    const end = (span[span.length - 1] as Word).end;
    if (span.length >= 3) edits.add({ at, end, replacement: "", effect: { kind: "pause_drop", at, end, original: text.slice(at, end) } });
  }
  if (words.length >= 6 && rng.next() < asr.cutOff) {
    const span = words.slice(words.length - 3 - rng.int(4));
    const at = (span[0] as Word).start;
    const end = text.length;
    edits.add({ at, end, replacement: "", effect: { kind: "cut_off", at, end, original: text.slice(at, end) } });
  }
  if (rng.next() < asr.repeat) {
    const w = pick(rng, words);
    edits.add({ at: w.start, end: w.end, replacement: `${w.text} ${w.text}`, effect: { kind: "word_repeat", at: w.start, end: w.end, original: w.text, heard: `${w.text} ${w.text}` } });
  }
}

/** Vocal tics and side phrases, where a speaker pauses. */
function withInsertions(text: string, words: readonly Word[], edits: EditList, asr: AsrProfile, rng: Rng): Heard {
  const events = poisson(rng, (asr.insertsPerMinute * words.length * SECONDS_PER_WORD) / 60);
  const pool = [
    ...(words.length >= asr.minWordsForTics ? asr.vocalTics.map((t) => ({ kind: "vocal_tic" as const, text: t })) : []),
    ...asr.sidePhrases.map((t) => ({ kind: "side_phrase" as const, text: t })),
  ];
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
