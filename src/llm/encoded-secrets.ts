/**
 * Finding a secret however an endpoint wrote it. An echoed key may come back
 * with JSON escapes (`\u0073k-...`, a whole key or one character of it),
 * percent-encoded (`sk%2D...`), or both, and at several depths (a JSON
 * string inside a tool call's `arguments`, itself a JSON string). The text is
 * decoded level by level, each decoded character remembering the span of the
 * original text it came from; a secret found at any level is replaced in the
 * original text, span and all, so what is stored never holds the key in any
 * of these spellings and stays the same kind of text (a replaced span is a
 * whole escape sequence, so JSON stays JSON).
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

/** One level of decoding: JSON escapes and %XX (ASCII only: a key is ASCII). */
function decodeOnce(text: string): Decoded | undefined {
  if (!text.includes("\\") && !text.includes("%")) return undefined;
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

/** Spans [start, end) of `text` that spell a secret at some level of decoding. */
function secretSpans(text: string, secrets: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  // Level 0 is the text itself: character i comes from [i, i + 1).
  let level = text;
  let starts: Int32Array | undefined;
  let ends: Int32Array | undefined;
  for (let depth = 0; ; depth++) {
    for (const secret of secrets) {
      for (let at = level.indexOf(secret); at >= 0; at = level.indexOf(secret, at + secret.length)) {
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

const ENCODED = /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|%[0-7][0-9a-fA-F]/g;
const decodeUnit = (m: string): string => (m[0] === "%" ? String.fromCharCode(parseInt(m.slice(1), 16)) : m[1] === "u" ? String.fromCharCode(parseInt(m.slice(2), 16)) : (SIMPLE_ESCAPES[m[1] as string] as string));

/** Does any level of decoding spell a secret? (Native regex work: the common case, no key, stays cheap.) */
function mentions(text: string, secrets: readonly string[]): boolean {
  let level = text;
  for (let depth = 0; ; depth++) {
    if (secrets.some((s) => level.includes(s))) return true;
    if (depth === MAX_LEVELS) return false;
    const next = level.replace(ENCODED, decodeUnit);
    if (next === level) return false;
    level = next;
  }
}

/** `text` with every spelling of every secret replaced by `replacement`. */
export function replaceEncodedSecrets(text: string, secrets: readonly string[], replacement: string): string {
  const usable = secrets.filter((s) => s.length >= 4);
  if (usable.length === 0 || !mentions(text, usable)) return text;
  const spans = secretSpans(text, usable).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  if (spans.length === 0) return text;
  let out = "";
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    out += text.slice(at, Math.max(at, start)) + replacement;
    at = end;
  }
  return out + text.slice(at);
}
