/**
 * The fast road of `parsePythonJson`: `JSON.parse` does the parsing, and the
 * few number tokens whose Python reading it cannot give are carried through
 * it as tagged strings, then put back.
 *
 * One scan (strings are jumped over whole, so nothing inside them counts)
 * finds the tokens where Python and JavaScript differ: a float literal with
 * an integral value (`25.0`, `1e3`: a float that JavaScript would print as
 * an int), an integer past 2^53 (exact in Python), and `NaN` / `Infinity`
 * (accepted by `json.loads`). Each becomes the string "\u0000" + tag +
 * literal; after `JSON.parse`, one walk turns those strings back into values
 * and float marks. Object keys JavaScript would list first (array indices
 * such as "7"; Python keeps insertion order) travel tagged too, so JSON.parse
 * keeps their place, and the walk rebuilds such an object with its real keys
 * and a key-order mark where needed (py-key-order.ts). A text holding the
 * escape `\u0000` itself, a too-long
 * integer, a nesting deeper than the limit, or anything `JSON.parse` refuses
 * takes the exact road (parse.ts), which also gives errors their offsets and
 * paths.
 */
import { stringEnd } from "./depth.js";
import { markFloat } from "./py-float.js";
import { isIndexKey, markKeyOrder } from "./py-key-order.js";
import type { JsonObject, JsonValue } from "./types.js";

const TAG_ESCAPE = "\\u0000";
const FLOAT = "f";
const BIG_INT = "i";
const SPECIAL = "s";
const INDEX_KEY = "k";
/** Python refuses to read an int of more than 4300 digits; the exact parser says so. */
const MAX_INT_DIGITS = 4300;

const NUMBER_LITERAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const COLON = 0x3a;
const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Whether a char continues a number token: digits, `.`, `e`, `E`, `+`, `-`. */
const isNumberTail = (d: number): boolean => (d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === MINUS;

/**
 * Whether the short number token [i, j) may read differently in Python: it
 * has an exponent, or a fraction of zeros only (`25.0`). A fraction with a
 * nonzero digit is a non-integral float either way, and a malformed token is
 * left to JSON.parse, which refuses it; the common cases are decided without
 * building a string.
 */
function mayNeedTag(text: string, i: number, j: number): boolean {
  let dot = -1;
  for (let k = i; k < j; k++) {
    const d = text.charCodeAt(k);
    if (d === 0x65 || d === 0x45) return true;
    if (d === 0x2e) dot = k;
  }
  if (dot === -1) return false;
  for (let k = dot + 1; k < j; k++) {
    const d = text.charCodeAt(k);
    if (d >= 0x31 && d <= 0x39) return false;
  }
  return true;
}

/** JSON.parse's value, or undefined when only the exact parser can read the text. */
export function parseWithJsonParse(text: string, maxDepth: number): JsonValue | undefined {
  if (text.includes(TAG_ESCAPE)) return undefined;
  let depth = 0;
  const n = text.length;
  let out: string[] | undefined;
  let last = 0;
  const carry = (start: number, end: number, tag: string): void => {
    (out ??= []).push(text.slice(last, start), `"${TAG_ESCAPE}${tag}${text.slice(start, end)}"`);
    last = end;
  };
  // The scan jumps from one char that may matter to the next: most chars of a
  // fixture are indentation, and a regex search passes them many times faster
  // than a loop over each char does while that loop is not yet optimized.
  const next = /["\d[\]{}NI-]/g;
  for (let m = next.exec(text); m !== null; m = next.exec(text)) {
    const i = m.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // An unterminated string runs to the end; JSON.parse then refuses the text.
      const end = stringEnd(text, i);
      const key = indexKeyAt(text, i, end);
      if (key !== undefined) {
        (out ??= []).push(text.slice(last, i), `"${TAG_ESCAPE}${INDEX_KEY}${key}"`);
        last = end;
      }
      next.lastIndex = end;
      continue;
    }
    if ((c >= 0x30 && c <= 0x39) || c === MINUS) {
      let j = i + 1;
      while (j < n && isNumberTail(text.charCodeAt(j))) j++;
      if (j === i + 1 && c === MINUS && text.startsWith("Infinity", j)) {
        carry(i, j + 8, SPECIAL);
        next.lastIndex = j + 8;
        continue;
      }
      if (j - i >= 16 || mayNeedTag(text, i, j)) {
        const tag = tagOf(text.slice(i, j));
        if (tag === null) return undefined;
        if (tag !== undefined) carry(i, j, tag);
      }
      next.lastIndex = j;
      continue;
    }
    if (c === 0x5b || c === 0x7b) {
      // Too deep: the exact road refuses it with the path (depth.ts).
      if (++depth > maxDepth) return undefined;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if ((c === 0x4e && text.startsWith("NaN", i)) || (c === 0x49 && text.startsWith("Infinity", i))) {
      const end = i + (c === 0x4e ? 3 : 8);
      carry(i, end, SPECIAL);
      next.lastIndex = end;
    }
  }
  let value: JsonValue;
  try {
    value = JSON.parse(out ? out.join("") + text.slice(last) : text) as JsonValue;
  } catch {
    return undefined;
  }
  return out ? restore(value) : value;
}

/** The key, when the string token at [start, end) is an object key JavaScript would list among the array indices. */
function indexKeyAt(text: string, start: number, end: number): string | undefined {
  const first = text.charCodeAt(start + 1);
  // An index key is digits, maybe written as escapes (\u0031).
  if (!((first >= 0x30 && first <= 0x39) || first === BACKSLASH)) return undefined;
  let j = end;
  while (j < text.length && WS.has(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) !== COLON) return undefined;
  const raw = text.slice(start + 1, end - 1);
  let key: unknown = raw;
  if (raw.includes("\\")) {
    try {
      key = JSON.parse(text.slice(start, end));
    } catch {
      return undefined;
    }
  }
  return typeof key === "string" && isIndexKey(key) ? key : undefined;
}


/** The tag a number literal travels under; undefined: JSON.parse reads it as Python does; null: exact parser. */
function tagOf(lit: string): string | undefined | null {
  // A malformed token must reach JSON.parse as it is (or the exact parser), never hidden in a tag.
  if (!NUMBER_LITERAL.test(lit)) return null;
  if (/[.eE]/.test(lit)) return Number.isInteger(Number(lit)) ? FLOAT : undefined;
  if (lit.replace("-", "").length > MAX_INT_DIGITS) return null;
  return Number.isSafeInteger(Number(lit)) ? undefined : BIG_INT;
}

function fromTagged(s: string): JsonValue {
  const lit = s.slice(2);
  switch (s[1]) {
    case BIG_INT:
      return BigInt(lit);
    case SPECIAL:
      return lit === "NaN" ? NaN : lit.startsWith("-") ? -Infinity : Infinity;
    default:
      return Number(lit);
  }
}

const isTagged = (v: JsonValue): v is string => typeof v === "string" && v.charCodeAt(0) === 0;

/** Put the tagged tokens back; in place, except objects with index keys, which are rebuilt (the value is JSON.parse's own, shared with nobody). */
function restore(v: JsonValue): JsonValue {
  if (isTagged(v)) return fromTagged(v);
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i] as JsonValue;
      if (isTagged(x)) {
        v[i] = fromTagged(x);
        if (x[1] === FLOAT) markFloat(v, i);
      } else if (x !== null && typeof x === "object") v[i] = restore(x);
    }
    return v;
  }
  const o: JsonObject = v;
  const keys = Object.keys(o);
  const rebuilt: JsonObject | undefined = keys.some(isTagged) ? {} : undefined;
  const target = rebuilt ?? o;
  for (const k of keys) {
    const x = o[k] as JsonValue;
    const key = isTagged(k) ? k.slice(2) : k;
    const y = isTagged(x) ? fromTagged(x) : x !== null && typeof x === "object" ? restore(x) : x;
    // defineProperty keeps "__proto__" an ordinary own key.
    if (y !== x || rebuilt) Object.defineProperty(target, key, { value: y, enumerable: true, writable: true, configurable: true });
    if (isTagged(x) && x[1] === FLOAT) markFloat(target, key);
  }
  // JSON.parse kept the insertion order of the tagged keys; the rebuilt object keeps it as a mark where JavaScript's differs.
  if (rebuilt) markKeyOrder(rebuilt, keys.map((k) => (isTagged(k) ? k.slice(2) : k)));
  return target;
}
