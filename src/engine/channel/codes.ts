/**
 * Identifier-shaped tokens: confirmation codes, flight numbers, user ids,
 * order ids. The TTS side reads them the way a synthesizer does, and the
 * readability score flags them when an agent says them unspelled.
 */

/** A token that may be an identifier: letters and digits, optionally joined by `_`, `-`, `.`, with a leading `#`. */
const TOKEN = /#?[A-Za-z0-9]+(?:[_\-.][A-Za-z0-9]+)*/g;

export interface CodeToken {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * True for what a caller would have to hear spelled: letters mixed with
 * digits (`ZK3FFW`, `SK621`, `#W2378156`), or words joined by underscores
 * (`emma_kim_9957`), or three or more capitals (`EHGLPQ`, `JFK`).
 */
export function isCodeShaped(token: string): boolean {
  const body = token.replace(/^#/, "");
  if (body.length < 3) return false;
  const letters = /[A-Za-z]/.test(body);
  const digits = /[0-9]/.test(body);
  if (letters && digits) return true;
  if (body.includes("_")) return true;
  return /^[A-Z]{3,}$/.test(body);
}

/** Every identifier-shaped token of a text, in order. */
export function findCodeTokens(text: string): CodeToken[] {
  const out: CodeToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    // A dot ends a sentence more often than it joins a code: trim a trailing one.
    const raw = m[0].replace(/[.\-]+$/, "");
    // An e-mail address is read as words, not spelled: skip `name@host` parts.
    const before = text[m.index - 1];
    const after = text[m.index + m[0].length];
    if (before === "@" || after === "@") continue;
    if (isCodeShaped(raw)) out.push({ start: m.index, end: m.index + raw.length, text: raw });
  }
  return out;
}

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function under1000(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(ONES[hundreds] as string, "hundred");
  if (rest >= 20) {
    words.push(TENS[Math.floor(rest / 10)] as string);
    if (rest % 10 > 0) words.push(ONES[rest % 10] as string);
  } else if (rest > 0 || hundreds === 0) words.push(ONES[rest] as string);
  return words;
}

/** A digit string read as one number, the way a synthesizer reads `9957` ("nine thousand nine hundred fifty seven"). */
export function numberWords(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, "");
  if (trimmed.length > 9) return [...digits].map((d) => ONES[Number(d)] as string).join(" ");
  let n = Number(trimmed);
  const groups: string[] = [];
  const scales = ["", "thousand", "million"];
  let scale = 0;
  if (n === 0) return "zero";
  while (n > 0) {
    const part = n % 1000;
    if (part > 0) groups.unshift([...under1000(part), ...(scales[scale] ? [scales[scale] as string] : [])].join(" "));
    n = Math.floor(n / 1000);
    scale++;
  }
  return groups.join(" ");
}

/**
 * What a speech synthesizer makes of an unspelled code: letter runs are read
 * as if they were a word, digit runs as one number, joiners as pauses
 * (`ZK3FFW` → "zk three ffw", `emma_kim_9957` → "emma kim nine thousand nine
 * hundred fifty seven").
 */
export function synthesizedCode(code: string): string {
  const parts = code.replace(/^#/, "").match(/[A-Za-z]+|[0-9]+/g) ?? [];
  return parts.map((p) => (/^[0-9]/.test(p) ? numberWords(p) : p.toLowerCase())).join(" ");
}
