/**
 * `json.dumps` string encoding with `ensure_ascii=True`: every UTF-16 unit at
 * or above U+007F becomes `\uXXXX` in lower-case hex (astral characters thus
 * become surrogate pairs, as in Python).
 */
const SAFE = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;
const SHORT: Record<number, string> = { 0x22: '\\"', 0x5c: "\\\\", 0x0a: "\\n", 0x0d: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0c: "\\f" };

export function pyJsonString(s: string): string {
  return SAFE.test(s) ? `"${s}"` : escaped(s, 0x7f);
}

/** `s` quoted with the short escapes, and `\uXXXX` for control characters and every unit from `from` up. */
function escaped(s: string, from: number): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const short = SHORT[c];
    if (short !== undefined) out += short;
    else if (c < 0x20 || c >= from) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += s[i];
  }
  return out + '"';
}

/**
 * `json.dumps` string encoding with `ensure_ascii=False`: only `"`, `\` and
 * the control characters below U+0020 are escaped; everything else (U+007F,
 * non-ASCII, lone surrogates) is kept as it is.
 */
const PLAIN = /^[^\x00-\x1f"\\]*$/;

export function pyJsonStringUnicode(s: string): string {
  return PLAIN.test(s) ? `"${s}"` : escaped(s, Infinity);
}

/**
 * Compare two strings by Unicode code point, as Python's `<` on `str` does:
 * an astral character (a surrogate pair here) sorts after U+E000..U+FFFF, a
 * lone surrogate at its own code point (before U+E000).
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    // Equal so far, so a pair split at i started at i - 1 in both strings.
    const from = i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i;
    return (a.codePointAt(from) as number) - (b.codePointAt(from) as number);
  }
  return a.length - b.length;
}

const isHighSurrogate = (u: number): boolean => u >= 0xd800 && u <= 0xdbff;

/** Sort keys by code point; plain `<` suffices unless a surrogate is present. */
export function pySortKeys(keys: string[]): string[] {
  return keys.sort(compareCodePoints);
}
