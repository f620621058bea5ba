/**
 * Spoken numbers as a recogniser writes them: times ("eight fifty five a m" →
 * "8:55 a.m."), amounts ("one hundred twenty dollars" → "$120"), ordinals
 * ("fourteenth" → "14th", "March twenty fifth" → "March 25th"), digit
 * sequences ("four one two" → "412", "eight oh five" → "805") and cardinals
 * of two digits or more ("twelve" → "12"). A lone "one" to "nine" stays a
 * word. "a m" / "p m" after a number is a time of day, never a spelled code.
 */
import { numberWord, parseNumberWords } from "./measure/canonical.js";

export type NumberForm = "time" | "amount" | "ordinal" | "digits" | "cardinal";

export interface NumberSpan {
  /** Offsets in the spoken text, end exclusive. */
  readonly at: number;
  readonly end: number;
  readonly form: NumberForm;
  /** The digits said: "855" for a time, "120" for an amount, "412" for a sequence. */
  readonly digits: string;
  /** For a time: the meridiem said ("a.m."/"p.m."), else undefined. */
  readonly meridiem?: string;
  /** For a time: the digits of the hour (the rest are minutes). */
  readonly hourDigits?: number;
}

interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const WORD = /[A-Za-z']+|[0-9]+/g;

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}

/** True when only spaces or hyphens lie between two words (a comma or a full stop ends a number). */
const adjacent = (text: string, a: Word, b: Word): boolean => /^[\s-]*$/.test(text.slice(a.end, b.start));

/** The meridiem said right after word `i`: "a m", "am", "AM", "a.m.", with the offset where it ends. */
function meridiemAfter(text: string, words: readonly Word[], i: number): { meridiem: string; end: number; words: number } | undefined {
  const next = words[i + 1];
  if (!next || !/^[\s]*$/.test(text.slice((words[i] as Word).end, next.start))) return undefined;
  const lower = next.text.toLowerCase();
  // "p.m." ends with its own full stop, which also ends a sentence: "at eight PM." → "at 8 p.m."
  if (lower === "am" || lower === "pm") return { meridiem: `${lower[0]}.m.`, end: next.end + (text[next.end] === "." ? 1 : 0), words: 1 };
  const after = words[i + 2];
  if ((lower === "a" || lower === "p") && after?.text.toLowerCase() === "m" && /^[\s.]*$/.test(text.slice(next.end, after.start))) {
    const dot = text[after.end] === "." ? 1 : 0;
    return { meridiem: `${lower}.m.`, end: after.end + dot, words: 2 };
  }
  return undefined;
}

/** Every number said in words, as a recogniser would write it. */
export function findSpokenNumbers(text: string): NumberSpan[] {
  const words = wordsOf(text);
  const lower = words.map((w) => w.text.toLowerCase());
  // "oh" between number words is a zero ("eight oh five").
  const asNumber = lower.map((w, i) => (w === "oh" && i > 0 && numberWord(lower[i - 1] as string) && numberWord(lower[i + 1] ?? "") ? "zero" : w));
  // Break the list where something other than a space or hyphen separates two words.
  const broken = asNumber.map((w, i) => (i > 0 && !adjacent(text, words[i - 1] as Word, words[i] as Word) ? `|${w}` : w));
  // Numbers are read within each stretch of adjacent words, so a break ends a number without
  // losing what came before it ("twenty. five" is 20, then a lone five).
  const numbers: ReturnType<typeof parseNumberWords> = [];
  for (let from = 0, i = 1; i <= broken.length; i++) {
    if (i < broken.length && !(broken[i] as string).startsWith("|")) continue;
    for (const n of parseNumberWords(asNumber.slice(from, i))) numbers.push({ ...n, start: n.start + from, end: n.end + from });
    from = i;
  }
  const spans: NumberSpan[] = [];
  let k = 0;
  while (k < numbers.length) {
    const first = numbers[k] as (typeof numbers)[number];
    // A group: numbers said one after the other with nothing between them.
    let last = k;
    while (last + 1 < numbers.length && (numbers[last + 1] as typeof first).start === (numbers[last] as typeof first).end && !(broken[(numbers[last + 1] as typeof first).start] as string).startsWith("|") && !(numbers[last] as typeof first).ordinal) last++;
    const group = numbers.slice(k, last + 1);
    k = last + 1;
    const at = (words[first.start] as Word).start;
    const endWord = group[group.length - 1] as typeof first;
    let end = (words[endWord.end - 1] as Word).end;
    const meridiem = meridiemAfter(text, words, endWord.end - 1);
    const nextWord = lower[endWord.end];
    const said = group.map((g) => g.value);
    // "eight oh five": an hour, a zero and a digit are the minutes 05.
    const values = said.length === 3 && said[1] === 0 && (said[2] as number) < 10 ? [said[0] as number, said[2] as number] : said;
    if (meridiem && values.length <= 2 && (values[0] as number) >= 1 && (values[0] as number) <= 12 && (values.length === 1 || (values[1] as number) <= 59)) {
      const minutes = values.length === 2 ? String(values[1]).padStart(2, "0") : "";
      spans.push({ at, end: meridiem.end, form: "time", digits: `${values[0]}${minutes}`, meridiem: meridiem.meridiem, hourDigits: String(values[0]).length });
      continue;
    }
    const allSingle = group.every((g) => g.value < 10 && g.end - g.start === 1);
    // A sequence keeps every digit said, its zeros included ("eight oh five" → 805); only a time reads them as minutes.
    const digits = group.length > 1 && allSingle ? said.join("") : undefined;
    if (nextWord === "dollars" || nextWord === "dollar") {
      end = (words[endWord.end] as Word).end;
      spans.push({ at, end, form: "amount", digits: digits ?? values.map(String).join("") });
      continue;
    }
    if (digits !== undefined) {
      spans.push({ at, end, form: "digits", digits });
      continue;
    }
    for (const g of group) {
      const gAt = (words[g.start] as Word).start;
      const gEnd = (words[g.end - 1] as Word).end;
      if (g.ordinal) spans.push({ at: gAt, end: gEnd, form: "ordinal", digits: String(g.value) });
      else if (g.value >= 10 || g.end - g.start > 1) spans.push({ at: gAt, end: gEnd, form: "cardinal", digits: String(g.value) });
    }
  }
  return spans;
}

function ordinalSuffix(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return "th";
  return ["th", "st", "nd", "rd"][n % 10] ?? "th";
}

/** How a recogniser writes a number span whose digits (possibly misheard) are `digits`. */
export function writeNumber(span: NumberSpan, digits: string): string {
  if (digits.length === 0) return "";
  switch (span.form) {
    case "time": {
      const h = digits.slice(0, Math.min(span.hourDigits ?? 1, digits.length));
      const m = digits.slice(h.length);
      return `${h}${m ? `:${m}` : ""} ${span.meridiem ?? ""}`.trim();
    }
    case "amount":
      return `$${digits}`;
    case "ordinal":
      return `${digits}${ordinalSuffix(Number(digits))}`;
    case "digits":
    case "cardinal":
      return digits;
    default:
      return span.form satisfies never;
  }
}
