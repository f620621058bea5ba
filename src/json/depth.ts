/**
 * A nesting limit for JSON text, checked before parsing: a document nested
 * deeper than anything the fixtures or a model produce would overflow the
 * stack of every recursive walk after it (hashing, diffing, printing), so it
 * is refused at the door with the path where it went too deep.
 */

/** Deeper than any fixture (< 10) or model output seen, far below what a recursive walk survives. */
export const DEFAULT_MAX_DEPTH = 512;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/** The end of the string literal starting at `start` (the index after its closing quote; the text's length when it never closes). */
export function stringEnd(s: string, start: number): number {
  for (let q = s.indexOf('"', start + 1); q !== -1; q = s.indexOf('"', q + 1)) {
    let slashes = 0;
    while (s.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
  }
  return s.length;
}

/** The offset of the first bracket that opens level `maxDepth + 1`, or -1. */
export function depthExceededAt(s: string, maxDepth: number): number {
  const special = /["[\]{}]/g;
  let depth = 0;
  for (let m = special.exec(s); m !== null; m = special.exec(s)) {
    const c = s.charCodeAt(m.index);
    if (c === QUOTE) special.lastIndex = stringEnd(s, m.index);
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return m.index;
    } else depth--;
  }
  return -1;
}

const SIMPLE_KEY = /^[A-Za-z0-9_-]+$/;

function keyOf(literal: string): string {
  try {
    return String(JSON.parse(literal));
  } catch {
    return literal;
  }
}

/**
 * The path (`a.b[3]`) of the value opened at `offset`, from a second scan
 * that tracks keys and indices; paths longer than a few segments are
 * shortened in the middle.
 */
export function pathAt(s: string, offset: number): string {
  type Frame = { array: boolean; index: number; key: string | undefined; expectKey: boolean };
  const stack: Frame[] = [];
  for (let i = 0; i < offset; i++) {
    const c = s.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === QUOTE) {
      const end = stringEnd(s, i);
      if (top && !top.array && top.expectKey) {
        top.key = keyOf(s.slice(i, end));
        top.expectKey = false;
      }
      i = end - 1;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) stack.push({ array: c === OPEN_ARRAY, index: 0, key: undefined, expectKey: c === OPEN_OBJECT });
    else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) stack.pop();
    else if (c === COMMA && top) {
      if (top.array) top.index++;
      else top.expectKey = true;
    }
  }
  const segments = stack.map((f) => (f.array ? `[${f.index}]` : SIMPLE_KEY.test(f.key ?? "") ? `.${f.key}` : `[${JSON.stringify(f.key ?? "")}]`));
  const shown = segments.length > 12 ? [...segments.slice(0, 6), "…", ...segments.slice(-4)] : segments;
  const text = shown.join("");
  return text.startsWith(".") ? text.slice(1) : text === "" ? "(top level)" : text;
}
