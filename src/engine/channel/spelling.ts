/**
 * Spoken forms of identifiers: how a caller spells a code one character at a
 * time ("E, M, M, A, underscore, nine"), and how such a spelled run is read
 * back into the characters it stands for. The scripted user speaks with it,
 * the ASR side confuses the letters of spelled runs, and the readability
 * score recognises a spelled code next to its canonical form.
 */

export const DIGIT_WORDS: readonly string[] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** Symbols as a person says them inside a spelled identifier. */
export const SYMBOL_WORDS: Readonly<Record<string, string>> = {
  _: "underscore",
  "-": "dash",
  ".": "dot",
  "@": "at",
  "#": "hash",
  "/": "slash",
  "+": "plus",
};

const WORD_TO_SYMBOL: ReadonlyMap<string, string> = new Map(Object.entries(SYMBOL_WORDS).map(([s, w]) => [w, s]));
const WORD_TO_DIGIT: ReadonlyMap<string, string> = new Map(DIGIT_WORDS.map((w, i) => [w, String(i)]));

/** One character as it is spoken when spelled: letters upper-case, digits and symbols as words. */
export function spokenChar(ch: string): string {
  if (/^[0-9]$/.test(ch)) return DIGIT_WORDS[Number(ch)] as string;
  const sym = SYMBOL_WORDS[ch];
  if (sym !== undefined) return sym;
  return ch.toUpperCase();
}

/** `emma_kim_9957` → `E, M, M, A, underscore, K, I, M, underscore, nine, nine, five, seven`. */
export function spellOut(token: string): string {
  return [...token].map(spokenChar).join(", ");
}

/** The character one spelled unit stands for, or undefined when it is not one. */
export function unitChar(unit: string): string | undefined {
  if (/^[A-Za-z0-9]$/.test(unit)) return unit.toUpperCase();
  const lower = unit.toLowerCase();
  return WORD_TO_DIGIT.get(lower) ?? WORD_TO_SYMBOL.get(lower);
}

/** A run of spelled units found in a text. */
export interface SpelledRun {
  /** Offsets of the run in the text, end exclusive. */
  readonly start: number;
  readonly end: number;
  /** The characters it spells, letters upper-case (`EMMA_KIM_9957`). */
  readonly chars: string;
  /** Each unit with its offsets. */
  readonly units: readonly { readonly start: number; readonly end: number; readonly text: string }[];
}

const UNIT = /[A-Za-z0-9]+/g;
/** What may separate two units of one run: commas, dashes, spaces. */
const JOINER = /^[\s,\-–]*$/;

/**
 * Every run of at least `minUnits` consecutive spelled units (single letters or
 * digits, digit words, symbol words). A run of letters must hold at least two
 * single letters, so the ordinary words "a" and "I" alone never count.
 */
export function findSpelledRuns(text: string, minUnits = 3): SpelledRun[] {
  const words = [...text.matchAll(UNIT)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
  const runs: SpelledRun[] = [];
  let current: { start: number; end: number; text: string }[] = [];
  const flush = (): void => {
    const singles = current.filter((u) => u.text.length === 1).length;
    if (current.length >= minUnits && singles >= 2) {
      runs.push({
        start: (current[0] as { start: number }).start,
        end: (current[current.length - 1] as { end: number }).end,
        chars: current.map((u) => unitChar(u.text) as string).join(""),
        units: current,
      });
    }
    current = [];
  };
  for (const w of words) {
    const isUnit = unitChar(w.text) !== undefined;
    const prev = current[current.length - 1];
    const joined = prev !== undefined && JOINER.test(text.slice(prev.end, w.start));
    if (isUnit && (prev === undefined || joined)) current.push(w);
    else {
      flush();
      if (isUnit) current.push(w);
    }
  }
  flush();
  return runs;
}

/** Upper-case a code for comparison with spelled runs (`emma_kim_9957` → `EMMA_KIM_9957`). */
export function spelledKey(code: string): string {
  return code.toUpperCase();
}
