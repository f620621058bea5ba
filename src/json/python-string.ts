/**
 * `json.dumps` string encoding with `ensure_ascii=True`: every UTF-16 unit at
 * or above U+007F becomes `\uXXXX` in lower-case hex (astral characters thus
 * become surrogate pairs, as in Python).
 */
const SAFE = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;
const SHORT: Record<number, string> = { 0x22: '\\"', 0x5c: "\\\\", 0x0a: "\\n", 0x0d: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0c: "\\f" };

export function pythonJsonString(s: string): string {
  if (SAFE.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const short = SHORT[c];
    if (short !== undefined) out += short;
    else if (c < 0x20 || c >= 0x7f) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += s[i];
  }
  return out + '"';
}

/** Compare two strings by Unicode code point, as Python's `<` on `str` does. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return fixSurrogateOrder(x) - fixSurrogateOrder(y);
  }
  return a.length - b.length;
}

// Surrogates (astral characters) must sort after U+E000..U+FFFF.
function fixSurrogateOrder(u: number): number {
  if (u >= 0xe000) return u - 0x800;
  if (u >= 0xd800 && u <= 0xdfff) return u + 0x2000;
  return u;
}

/** Sort keys by code point; plain `<` suffices unless a surrogate is present. */
export function sortKeysPython(keys: string[]): string[] {
  return keys.sort(compareCodePoints);
}

// Python's str.isspace() set, which differs from JS trim(): it adds
// \x1c-\x1f and \x85 and leaves out U+FEFF.
const PY_SPACE = new Set<number>([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
  0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

export function pythonStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && PY_SPACE.has(s.charCodeAt(start))) start++;
  while (end > start && PY_SPACE.has(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}
