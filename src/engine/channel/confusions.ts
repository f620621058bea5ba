/**
 * What a recogniser hears instead: spelled characters, words and names, as
 * observed in eva's real airline calls (`key_entity_transcription.jsonl`,
 * clean turns) and, where those calls are silent, the classic phone-line
 * confusions at a lower weight.
 */
import type { Rng } from "../rng.js";

/** A spelled character → what it is heard as, with weights (observed counts; classic pairs weigh 0.5). */
export const LETTER_CONFUSIONS: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  T: [["P", 7], ["D", 0.5]],
  S: [["F", 4]],
  F: [["S", 1]],
  I: [["1", 4], ["Y", 2]],
  Y: [["I", 1]],
  "8": [["H", 2]],
  O: [["0", 1]],
  B: [["D", 0.5], ["V", 0.5]],
  D: [["B", 0.5], ["T", 0.5]],
  P: [["B", 0.5], ["T", 0.5]],
  V: [["B", 0.5]],
  C: [["Z", 0.5]],
  Z: [["C", 0.5]],
  G: [["J", 0.5]],
  J: [["G", 0.5]],
};

/** Words a recogniser writes as a word that sounds alike (all from the real calls, plus close kin). */
export const SOUND_ALIKES: Readonly<Record<string, readonly string[]>> = {
  fare: ["fair"],
  fair: ["fare"],
  last: ["life"],
  mike: ["mic"],
  higher: ["hire"],
  and: ["an", "in"],
  flight: ["light", "fight"],
  hi: ["bye"],
  aisle: ["I'll"],
  seat: ["sit"],
  earliest: ["early"],
  onto: ["on to"],
  standby: ["stand by"],
  take: ["pick"],
  a: ["the"],
  the: ["a"],
  in: ["an"],
  as: ["is"],
  full: ["flight"],
  juliett: ["Juliet"],
  today: ["to"],
  for: ["four"],
  to: ["two"],
  right: ["write"],
  mail: ["male"],
  wait: ["weight"],
  know: ["no"],
  new: ["knew"],
  week: ["weak"],
  plane: ["plain"],
  there: ["their"],
  their: ["there"],
  would: ["wood"],
  meet: ["meat"],
  hour: ["our"],
  our: ["hour"],
  check: ["Czech"],
  booked: ["looked"],
  code: ["coat"],
  gate: ["great"],
  bag: ["back"],
  bags: ["backs"],
  change: ["chains"],
  cancel: ["council"],
  refund: ["re-fund"],
};

/** Any other word: the inflection a recogniser misses ("times" → "time", "returned" → "return"). */
export function inflectionSlip(word: string): string | undefined {
  const w = word.toLowerCase();
  if (w.length < 4) return undefined;
  if (/[^s]s$/.test(w)) return word.slice(0, -1);
  if (/ed$/.test(w) && w.length > 5) return word.slice(0, -2);
  if (/ing$/.test(w) && w.length > 6) return word.slice(0, -3);
  return undefined;
}

/** Names heard as another spelling of the same sound, from the real calls. */
export const NAME_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  Allen: ["Alan", "Allan"],
  Lewis: ["Louis"],
  Nelson: ["Nielsen"],
  King: ["Kim"],
  Thompson: ["Thomson"],
  Johansson: ["Johansen"],
  Torrez: ["Torres"],
};

/** Spelling rules that turn any name into one that sounds the same. */
const NAME_RULES: readonly (readonly [RegExp, string])[] = [
  [/mps/, "ms"],
  [/([lnrt])\1/, "$1"],
  [/([aeiou])([lnr])([aeiou])/, "$1$2$2$3"],
  [/son$/, "sen"],
  [/sen$/, "son"],
  [/ey$/, "y"],
  [/y$/, "ie"],
  [/ie$/, "y"],
  [/ph/, "f"],
  [/ck/, "k"],
  [/z$/, "s"],
  [/ei/, "ie"],
  [/e$/, ""],
  [/([^e])$/, "$1e"],
];

/** Every spelling of a name that sounds like it: the observed ones first, else the rules that apply. */
export function nameVariants(name: string): string[] {
  const known = Object.hasOwn(NAME_VARIANTS, name) ? (NAME_VARIANTS[name] as readonly string[]) : [];
  if (known.length > 0) return [...known];
  const head = name.slice(0, 1);
  const body = name.slice(1);
  const out = new Set<string>();
  for (const [re, to] of NAME_RULES) {
    if (!re.test(body)) continue;
    const v = head + body.replace(re, to);
    if (v !== name && v.length > 1) out.add(v);
  }
  return [...out];
}

/** A weighted choice. */
export function pickWeighted(rng: Rng, options: readonly (readonly [string, number])[]): string {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let u = rng.next() * total;
  for (const [x, w] of options) {
    u -= w;
    if (u < 0) return x;
  }
  return (options[options.length - 1] as readonly [string, number])[0];
}

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)] as T;
