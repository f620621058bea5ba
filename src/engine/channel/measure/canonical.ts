/**
 * One written form for a spoken utterance and its transcript, so the two can
 * be compared word by word: a caller says "Z K three F F W" and "eight fifty
 * five a m", an ASR writes "ZK3FFW" and "8:55 a.m.". Both sides go through
 * the same function: codes and spelled runs become one token per character,
 * numbers (said or written) one token per digit, "a.m." and "a m" become
 * `am`, `$120` becomes `1 2 0 dollar`, e-mail punctuation becomes `dot`/`at`.
 * Each token keeps the kind the error rates are counted by.
 */

export type TokenKind = "word" | "letter" | "digit";

export interface Token {
  /** Lower-case canonical text: a word, one letter, or one digit. */
  readonly text: string;
  readonly kind: TokenKind;
}

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const ORDINAL_ONES = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"];
const ORDINAL_TENS = ["", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth"];

/** A number word's value and class; `ordinal` words end a number. */
export function numberWord(word: string): { value: number; cls: "ones" | "tens" | "hundred" | "thousand"; ordinal: boolean } | undefined {
  const w = word.toLowerCase();
  let i = ONES.indexOf(w);
  if (i >= 0) return { value: i, cls: "ones", ordinal: false };
  i = TENS.indexOf(w);
  if (i >= 2) return { value: i * 10, cls: "tens", ordinal: false };
  i = ORDINAL_ONES.indexOf(w);
  // "second" is a unit of time far more often than an ordinal: only the unambiguous ordinals count.
  if (i >= 0 && w !== "second") return { value: i, cls: "ones", ordinal: true };
  i = ORDINAL_TENS.indexOf(w);
  if (i >= 2) return { value: i * 10, cls: "tens", ordinal: true };
  if (w === "hundred") return { value: 100, cls: "hundred", ordinal: false };
  if (w === "thousand") return { value: 1000, cls: "thousand", ordinal: false };
  return undefined;
}

/** A word that starts a number below a hundred ("sixty", "thirty-five", kept whole as "thirtyfive"). */
const NUMBER_START = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)/i;

/**
 * Reads number words as numbers the way a listener groups them: "twenty one"
 * is 21, "one hundred twenty" 120, "eight fifty five" 8 then 55, "four one
 * two" 4, 1, 2. Returns the numbers with the index range of words each took.
 */
export function parseNumberWords(words: readonly string[]): { value: number; start: number; end: number; ordinal: boolean }[] {
  const out: { value: number; start: number; end: number; ordinal: boolean }[] = [];
  let i = 0;
  while (i < words.length) {
    const first = numberWord(words[i] as string);
    if (!first || first.cls === "hundred" || first.cls === "thousand") {
      i++;
      continue;
    }
    const start = i;
    let total = 0;
    let current = 0;
    let last: "none" | "ones" | "teens" | "tens" | "hundred" = "none";
    let ordinal = false;
    while (i < words.length && !ordinal) {
      // "two hundred and sixty": an "and" after hundred or thousand, before more of the number, is part of it.
      if ((words[i] as string).toLowerCase() === "and" && (last === "hundred" || (last === "none" && total > 0)) && NUMBER_START.test(words[i + 1] ?? "")) {
        i++;
        continue;
      }
      const n = numberWord(words[i] as string);
      if (!n) break;
      if (n.cls === "ones") {
        const teen = n.value >= 10;
        if (last === "ones" || last === "teens" || (last === "tens" && teen)) break;
        if (last === "tens" && n.value === 0) break;
        current += n.value;
        last = teen ? "teens" : "ones";
      } else if (n.cls === "tens") {
        if (last === "ones" || last === "teens" || last === "tens") break;
        current += n.value;
        last = "tens";
      } else if (n.cls === "hundred") {
        if (last !== "ones" && last !== "teens") break;
        current *= 100;
        last = "hundred";
      } else {
        if (last === "none") break;
        total += current * 1000;
        current = 0;
        last = "none";
      }
      ordinal = n.ordinal;
      i++;
    }
    out.push({ value: total + current, start, end: i, ordinal });
  }
  return out;
}

const SINGLE = /^[A-Za-z0-9]$/;
const CODE_MIXED = /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/;
const CAPS = /^[A-Z]{2,}$/;
const MERIDIEM = /^(?:a\.?m\.?|p\.?m\.?)$/i;

const chars = (s: string): Token[] => [...s.toLowerCase()].map((c) => ({ text: c, kind: /[0-9]/.test(c) ? "digit" : "letter" }));
const digits = (n: string): Token[] => [...n].map((c) => ({ text: c, kind: "digit" as const }));

/** One whitespace-separated chunk, trimmed of sentence punctuation, to tokens (number words are handled later). */
function chunkTokens(raw: string): (Token | { text: string; kind: "raw" })[] {
  const chunk = raw.replace(/^[("'“‘[]+/, "").replace(/[)"'”’\],;:!?.…]+$/, (m) => (/^\.$/.test(m) && MERIDIEM.test(raw) ? m : ""));
  if (chunk.length === 0) return [];
  if (MERIDIEM.test(chunk)) return [{ text: chunk[0]?.toLowerCase() === "a" ? "am" : "pm", kind: "word" }];
  if (/^(?:[A-Za-z]\.){2,}[A-Za-z]?$|^(?:[A-Za-z]\.)+[A-Za-z]$/.test(chunk)) return chars(chunk.replace(/\./g, ""));
  const money = /^\$([0-9][0-9,]*)(?:\.([0-9]{2}))?$/.exec(chunk);
  if (money) return [...digits((money[1] as string).replace(/,/g, "")), ...(money[2] && money[2] !== "00" ? digits(money[2]) : []), { text: "dollar", kind: "word" }];
  const time = /^([0-9]{1,2})[:.]([0-9]{2})(?:([ap])\.?m\.?)?$/i.exec(chunk);
  if (time) return [...digits(time[1] as string), ...(time[2] === "00" ? [] : digits(time[2] as string)), ...(time[3] ? [{ text: `${time[3].toLowerCase()}m`, kind: "word" as const }] : [])];
  const ordinal = /^([0-9]+)(?:st|nd|rd|th)$/i.exec(chunk);
  if (ordinal) return digits(ordinal[1] as string);
  if (/^[0-9][0-9,]*$/.test(chunk)) return digits(chunk.replace(/,/g, ""));
  if (chunk.includes("@") || /^[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)+$/.test(chunk)) {
    return chunk.split(/([.@])/).filter((p) => p.length > 0).flatMap((p) => (p === "." ? [{ text: "dot", kind: "word" as const }] : p === "@" ? [{ text: "at", kind: "word" as const }] : chunkTokens(p)));
  }
  if (chunk.includes("-")) {
    const parts = chunk.split("-").filter((p) => p.length > 0);
    if (parts.every((p) => SINGLE.test(p))) return parts.flatMap(chars);
    // "thirty-five" is two number words, read with the words around it ("three hundred and thirty-five").
    if (parts.length === 2 && parts.every((p) => numberWord(p) !== undefined)) return parts.map((p) => ({ text: p.toLowerCase(), kind: "raw" as const }));
    if (parts.every((p) => /^[a-z']+$/i.test(p) && !CAPS.test(p) && !CODE_MIXED.test(p))) return [{ text: parts.join("").toLowerCase(), kind: "word" }];
    return parts.flatMap((p, i) => [...(i > 0 ? [{ text: "dash", kind: "word" as const }] : []), ...chunkTokens(p)]);
  }
  if (CODE_MIXED.test(chunk) || CAPS.test(chunk)) return chars(chunk);
  if (SINGLE.test(chunk)) return [{ text: chunk, kind: "raw" }];
  return [{ text: chunk.replace(/’/g, "'").toLowerCase(), kind: "raw" }];
}

/**
 * Words that only say how a number is written, not what was heard: "$200"
 * for "two hundred", "2 o'clock pm" for "2 pm", "I-810" for "I 8 1 0".
 */
const FORMAT_ONLY: ReadonlySet<string> = new Set(["dollar", "dollars", "o'clock", "dash"]);
/** Spelling variants a transcript may choose either way. */
const VARIANTS: Readonly<Record<string, string>> = { cancelled: "canceled", cancelling: "canceling", "o's": "os" };

/** The canonical tokens of an utterance or a transcript. */
export function canonicalTokens(text: string): Token[] {
  const tokens = rawCanonical(text).filter((t) => !FORMAT_ONLY.has(t.text));
  // "eight oh five": an "oh" between digits is a zero.
  return tokens.map((t, i) => (t.text === "oh" && tokens[i - 1]?.kind === "digit" && tokens[i + 1]?.kind === "digit" ? { text: "0", kind: "digit" } : t.kind === "word" && Object.hasOwn(VARIANTS, t.text) ? { text: VARIANTS[t.text] as string, kind: "word" } : t));
}

function rawCanonical(text: string): Token[] {
  // A transcriber's note of a sound ("[background noise]") is not speech; "[inaudible]" stays, to be counted.
  const raw = text.replace(/\[(?!inaudible\])[a-z][a-z ]*\]/gi, " ").replace(/[’‘]/g, "'").replace(/[—–]/g, " ").split(/\s+/).filter((c) => c.length > 0).flatMap(chunkTokens);
  // Number words to digits, over the words that are still raw.
  const words = raw.map((t) => (t.kind === "raw" ? t.text : ""));
  const numbers = parseNumberWords(words);
  const out: Token[] = [];
  let n = 0;
  for (let i = 0; i < raw.length; ) {
    const num = numbers[n];
    if (num && num.start === i) {
      out.push(...digits(String(num.value)));
      i = num.end;
      n++;
      continue;
    }
    const t = raw[i] as Token | { text: string; kind: "raw" };
    i++;
    if (t.kind !== "raw") {
      out.push(t);
      continue;
    }
    if (SINGLE.test(t.text)) {
      out.push({ text: t.text.toLowerCase(), kind: "raw" as unknown as TokenKind });
      continue;
    }
    out.push({ text: t.text.replace(/^'+|'+$/g, ""), kind: "word" });
  }
  return resolveSingles(out);
}

/**
 * A lone letter is spelled when it stands among other spelled characters or
 * is not the word "a" or "I"; "a m" / "p m" after a number is a time of day.
 */
function resolveSingles(tokens: Token[]): Token[] {
  const isRaw = (t: Token | undefined): boolean => (t?.kind as string) === "raw";
  const spelledish = (t: Token | undefined): boolean => t !== undefined && (t.kind === "letter" || t.kind === "digit" || isRaw(t));
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (!isRaw(t)) {
      out.push(t);
      continue;
    }
    const next = tokens[i + 1];
    if ((t.text === "a" || t.text === "p") && next?.text === "m" && isRaw(next) && out[out.length - 1]?.kind === "digit") {
      out.push({ text: `${t.text}m`, kind: "word" });
      i++;
      continue;
    }
    if (/[0-9]/.test(t.text)) out.push({ text: t.text, kind: "digit" });
    else if (t.text !== "a" && t.text !== "i") out.push({ text: t.text, kind: "letter" });
    else out.push({ text: t.text, kind: spelledish(out[out.length - 1]) && out[out.length - 1]?.kind !== "word" ? "letter" : spelledish(next) && (next as Token).kind !== "word" ? "letter" : "word" });
  }
  return out;
}
