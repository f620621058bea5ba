/**
 * Error rates of a set of (said, heard) utterance pairs, per error kind, each
 * with a 95 % interval. Per-utterance shares use the Wilson score interval;
 * per-token rates (tokens cluster within utterances) use the ratio
 * estimator's linearised variance over utterances, falling back to Wilson
 * when no event was seen. The same counting reads real transcripts and a
 * channel profile's output, so the two are compared like with like.
 */
import type { AlignOp } from "./align.js";
import { align } from "./align.js";
import type { Token } from "./canonical.js";
import { canonicalTokens } from "./canonical.js";

export interface UtterancePair {
  readonly intended: string;
  readonly heard: string;
  /** Name words of the caller (`Allen`), counted for the name kind. */
  readonly names?: readonly string[];
}

/** What one utterance contributes to each kind: [events, units]. */
export interface UtteranceCounts {
  readonly tokens: number;
  readonly errors: number;
  readonly letters: number;
  readonly letterSubs: number;
  readonly letterDrops: number;
  readonly runs: number;
  readonly runsWrong: number;
  readonly digits: number;
  readonly digitDrops: number;
  readonly nameWords: number;
  readonly namesWrong: number;
  readonly anyError: boolean;
  readonly longDrop: boolean;
  readonly cutOff: boolean;
  readonly inaudible: number;
}

export const ERROR_KINDS = ["wer", "utterances_with_error", "letter_substitution", "letter_drop", "run_wrong", "digit_drop", "name_wrong", "multi_word_drop", "cut_off_ending", "inaudible"] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const KIND_LABELS: Readonly<Record<ErrorKind, string>> = {
  wer: "word error rate",
  utterances_with_error: "utterances with any error",
  letter_substitution: "spelled letter substituted",
  letter_drop: "spelled letter dropped",
  run_wrong: "code / number run wrong",
  digit_drop: "digit dropped",
  name_wrong: "name word wrong",
  multi_word_drop: ">= 3 words dropped in a row",
  cut_off_ending: "end of utterance cut off",
  inaudible: "[inaudible] in a transcript",
};

export interface Rate {
  readonly events: number;
  readonly units: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** Maximal runs of spelled letters and digits in the said tokens: [first, last] indices. */
function codeRuns(tokens: readonly Token[]): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  tokens.forEach((t, i) => {
    const inRun = t.kind !== "word";
    if (inRun && start < 0) start = i;
    if (!inRun && start >= 0) {
      runs.push([start, i - 1]);
      start = -1;
    }
  });
  if (start >= 0) runs.push([start, tokens.length - 1]);
  return runs;
}

/** Counts of one pair, from the alignment of its canonical tokens. */
export function countUtterance(pair: UtterancePair): UtteranceCounts {
  const said = canonicalTokens(pair.intended);
  const heard = canonicalTokens(pair.heard);
  const ops: AlignOp[] = align(said.map((t) => t.text), heard.map((t) => t.text));
  const fate: ("match" | "sub" | "del")[] = new Array<"match" | "sub" | "del">(said.length).fill("match");
  const insertedBefore = new Set<number>();
  for (const o of ops) {
    if (o.op === "ins") insertedBefore.add(o.before);
    else fate[o.ref] = o.op;
  }
  const names = new Set((pair.names ?? []).map((n) => n.toLowerCase()));
  let letters = 0, letterSubs = 0, letterDrops = 0, digits = 0, digitDrops = 0, nameWords = 0, namesWrong = 0;
  said.forEach((t, i) => {
    if (t.kind === "letter") {
      letters++;
      if (fate[i] === "sub") letterSubs++;
      if (fate[i] === "del") letterDrops++;
    } else if (t.kind === "digit") {
      digits++;
      if (fate[i] === "del") digitDrops++;
    } else if (names.has(t.text)) {
      nameWords++;
      if (fate[i] !== "match") namesWrong++;
    }
  });
  const runs = codeRuns(said);
  const runsWrong = runs.filter(([a, b]) => {
    for (let i = a; i <= b; i++) if (fate[i] !== "match" || (i > a && insertedBefore.has(i))) return true;
    return false;
  }).length;
  let longest = 0;
  let current = 0;
  for (const f of fate) {
    current = f === "del" ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  let trailing = 0;
  while (trailing < fate.length && fate[fate.length - 1 - trailing] === "del") trailing++;
  const errors = ops.filter((o) => o.op !== "match").length;
  return {
    tokens: said.length,
    errors,
    letters,
    letterSubs,
    letterDrops,
    runs: runs.length,
    runsWrong,
    digits,
    digitDrops,
    nameWords,
    namesWrong,
    anyError: errors > 0,
    longDrop: longest >= 3,
    cutOff: trailing >= 3,
    inaudible: (pair.heard.match(/\[inaudible\]/gi) ?? []).length,
  };
}

const Z = 1.959963984540054;

export function wilson(events: number, units: number): Rate {
  if (units === 0) return { events, units, rate: 0, low: 0, high: 1 };
  const p = events / units;
  const d = 1 + (Z * Z) / units;
  const centre = (p + (Z * Z) / (2 * units)) / d;
  const half = (Z * Math.sqrt((p * (1 - p)) / units + (Z * Z) / (4 * units * units))) / d;
  return { events, units, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** A per-token rate over utterances (clusters): ratio estimate with its linearised standard error. */
export function clusteredRate(parts: readonly (readonly [number, number])[]): Rate {
  const events = parts.reduce((s, [e]) => s + e, 0);
  const units = parts.reduce((s, [, u]) => s + u, 0);
  const m = parts.length;
  if (events === 0 || units === 0 || m < 2) return wilson(events, units);
  const r = events / units;
  const mean = units / m;
  const ss = parts.reduce((s, [e, u]) => s + (e - r * u) ** 2, 0);
  const se = Math.sqrt(ss / (m * (m - 1))) / mean;
  return { events, units, rate: r, low: Math.max(0, r - Z * se), high: Math.min(1, r + Z * se) };
}

export function ratesOf(counts: readonly UtteranceCounts[]): Record<ErrorKind, Rate> {
  const per = (f: (c: UtteranceCounts) => readonly [number, number]): Rate => clusteredRate(counts.map(f));
  const share = (f: (c: UtteranceCounts) => boolean): Rate => wilson(counts.filter(f).length, counts.length);
  return {
    wer: per((c) => [c.errors, c.tokens]),
    utterances_with_error: share((c) => c.anyError),
    letter_substitution: per((c) => [c.letterSubs, c.letters]),
    letter_drop: per((c) => [c.letterDrops, c.letters]),
    run_wrong: per((c) => [c.runsWrong, c.runs]),
    digit_drop: per((c) => [c.digitDrops, c.digits]),
    name_wrong: per((c) => [c.namesWrong, c.nameWords]),
    multi_word_drop: share((c) => c.longDrop),
    cut_off_ending: share((c) => c.cutOff),
    inaudible: share((c) => c.inaudible > 0),
  };
}

export function measurePairs(pairs: readonly UtterancePair[]): Record<ErrorKind, Rate> {
  return ratesOf(pairs.map(countUtterance));
}
