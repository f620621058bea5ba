/**
 * Finding a secret however an endpoint wrote it. An echoed key may come back
 * with JSON escapes (`\u0073k-...`, a whole key or one character of it),
 * percent-encoded (`sk%2D...`), as HTML numeric entities (`&#115;`,
 * `&#x73;`), split by zero-width characters (U+200B/C/D, U+2060, U+FEFF), in
 * any mix of these, and at several depths (a JSON string inside a tool
 * call's `arguments`, itself a JSON string). The text is decoded level by
 * level, each decoded character remembering the span of the original text it
 * came from; a secret found at any level is replaced in the original text,
 * span and all, so what is stored never holds the key in any of these
 * spellings and stays the same kind of text (a replaced span is a whole
 * escape sequence, so JSON stays JSON). Letters are compared without case
 * (an upper-cased key is the key), and besides the key itself its hex and
 * base64 spellings are looked for (standard and URL-safe, padded or not,
 * also where the key sits at any byte offset inside a longer base64 text:
 * the part of the encoding that only the key's bytes decide).
 */

/** Levels of encoding looked through (a reply body, a JSON string in it, one more for luck). */
const MAX_LEVELS = 3;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const HEX = /^[0-9a-fA-F]+$/;

interface Decoded {
  readonly text: string;
  /** For each decoded character, where its source starts and ends in the level below. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/** Characters that show nothing: a key split by them reads as the key. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/;
const ENTITY = /^&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));/;

/** One level of decoding: JSON escapes, %XX (ASCII only: a key is ASCII), HTML numeric entities; zero-width characters dropped. */
function decodeOnce(text: string): Decoded | undefined {
  if (!text.includes("\\") && !text.includes("%") && !text.includes("&#") && !ZERO_WIDTH.test(text)) return undefined;
  let out = "";
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  let n = 0;
  let changed = false;
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    let ch = c;
    let len = 1;
    if (c === "\\" && i + 1 < text.length) {
      const e = text[i + 1] as string;
      const hex = text.slice(i + 2, i + 6);
      if (e === "u" && hex.length === 4 && HEX.test(hex)) {
        ch = String.fromCharCode(parseInt(hex, 16));
        len = 6;
      } else if (SIMPLE_ESCAPES[e] !== undefined) {
        ch = SIMPLE_ESCAPES[e];
        len = 2;
      }
    } else if (c === "%") {
      const hex = text.slice(i + 1, i + 3);
      if (hex.length === 2 && HEX.test(hex) && parseInt(hex, 16) < 0x80) {
        ch = String.fromCharCode(parseInt(hex, 16));
        len = 3;
      }
    } else if (c === "&" && text[i + 1] === "#") {
      const m = ENTITY.exec(text.slice(i, i + 12));
      const code = m ? (m[1] !== undefined ? parseInt(m[1], 10) : parseInt(m[2] as string, 16)) : -1;
      if (m && code >= 0 && code < 0x80) {
        ch = String.fromCharCode(code);
        len = m[0].length;
      }
    } else if (ZERO_WIDTH.test(c)) {
      // Dropped: the characters around it meet; a secret found across it takes it into its span.
      changed = true;
      i += 1;
      continue;
    }
    if (len > 1) changed = true;
    out += ch;
    starts[n] = i;
    ends[n] = i + len;
    n++;
    i += len;
  }
  return changed ? { text: out, starts: starts.subarray(0, n), ends: ends.subarray(0, n) } : undefined;
}

/** ASCII letters lower-cased, nothing else changed: the same length, so positions still map. */
const foldCase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Shortest derived spelling looked for (a shorter one could match ordinary text). */
const MIN_DERIVED = 8;

/**
 * What to look for, for one secret, case folded: the secret, its hex, and its
 * base64 (standard and URL-safe): whole (padded and not), and at each of the
 * three byte offsets the part of the encoding that the secret's bytes alone
 * decide (characters 6i..6i+6 bits wholly inside the secret's bits).
 */
export function needlesOf(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const derived = new Set<string>([bytes.toString("hex")]);
  const b64 = bytes.toString("base64");
  derived.add(b64);
  derived.add(b64.replace(/=+$/, ""));
  for (let r = 0; r < 3; r++) {
    const enc = Buffer.concat([Buffer.alloc(r), bytes]).toString("base64");
    const from = Math.ceil((8 * r) / 6);
    const to = Math.floor((8 * (r + bytes.length)) / 6);
    derived.add(enc.slice(from, to));
  }
  const out = new Set<string>([foldCase(secret)]);
  for (const d of derived) {
    if (d.length < MIN_DERIVED) continue;
    out.add(foldCase(d));
    out.add(foldCase(d.replace(/\+/g, "-").replace(/\//g, "_")));
  }
  return [...out];
}

/** Spans [start, end) of `text` that spell a secret at some level of decoding. */
function secretSpans(text: string, secrets: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  // Level 0 is the text itself: character i comes from [i, i + 1).
  let level = text;
  let starts: Int32Array | undefined;
  let ends: Int32Array | undefined;
  for (let depth = 0; ; depth++) {
    const folded = foldCase(level);
    for (const secret of secrets) {
      for (let at = folded.indexOf(secret); at >= 0; at = folded.indexOf(secret, at + secret.length)) {
        const last = at + secret.length - 1;
        spans.push(starts && ends ? [starts[at] as number, ends[last] as number] : [at, last + 1]);
      }
    }
    if (depth === MAX_LEVELS) break;
    const d = decodeOnce(level);
    if (!d) break;
    const below = { starts, ends };
    starts = new Int32Array(d.text.length);
    ends = new Int32Array(d.text.length);
    for (let i = 0; i < d.text.length; i++) {
      const from = d.starts[i] as number;
      const to = (d.ends[i] as number) - 1;
      starts[i] = below.starts ? (below.starts[from] as number) : from;
      ends[i] = below.ends ? (below.ends[to] as number) : to + 1;
    }
    level = d.text;
  }
  return spans;
}

const ENCODED = /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|%[0-7][0-9a-fA-F]|&#(?:[0-9]{1,7}|[xX][0-9a-fA-F]{1,6});|[\u200B-\u200D\u2060\uFEFF]/g;
function decodeUnit(m: string): string {
  if (m.length === 1) return "";
  if (m[0] === "%") return String.fromCharCode(parseInt(m.slice(1), 16));
  if (m[0] === "&") {
    const code = m[2] === "x" || m[2] === "X" ? parseInt(m.slice(3, -1), 16) : parseInt(m.slice(2, -1), 10);
    return code < 0x80 ? String.fromCharCode(code) : m;
  }
  return m[1] === "u" ? String.fromCharCode(parseInt(m.slice(2), 16)) : (SIMPLE_ESCAPES[m[1] as string] as string);
}

/** Does any level of decoding spell a secret? (Native regex work: the common case, no key, stays cheap.) */
function mentions(text: string, secrets: readonly string[]): boolean {
  let level = text;
  for (let depth = 0; ; depth++) {
    const folded = foldCase(level);
    if (secrets.some((s) => folded.includes(s))) return true;
    if (depth === MAX_LEVELS) return false;
    const next = level.replace(ENCODED, decodeUnit);
    if (next === level) return false;
    level = next;
  }
}

/** `text` with every spelling of every secret replaced by `replacement`. */
export function replaceEncodedSecrets(text: string, secrets: readonly string[], replacement: string): string {
  const usable = [...new Set(secrets.filter((s) => s.length >= 4).flatMap(needlesOf))];
  if (usable.length === 0 || !mentions(text, usable)) return text;
  const spans = secretSpans(text, usable).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  if (spans.length === 0) return text;
  let out = "";
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    // Spans that overlap (the key and its base64 in one stretch) are one replacement.
    if (start < at) {
      at = end;
      continue;
    }
    out += text.slice(at, start) + replacement;
    at = end;
  }
  return out + text.slice(at);
}
