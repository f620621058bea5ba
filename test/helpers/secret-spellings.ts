/**
 * Spellings of a secret an endpoint may use, and a check for any of them
 * (or 12 of its characters in a row) in a text, with a decoder independent
 * of the one under test (src/llm/encoded-secrets.ts).
 */
export const uEscaped = (s: string, upper = false): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).map((e) => (upper ? e.toUpperCase().replace("\\U", "\\u") : e)).join("");
export const percent = (s: string, upper = true): string => [...s].map((c) => `%${c.charCodeAt(0).toString(16)[upper ? "toUpperCase" : "toLowerCase"]()}`).join("");
/** One character escaped, the rest as is. */
export const oneEscaped = (s: string): string => `${s.slice(0, 5)}${uEscaped(s[5] as string)}${s.slice(6)}`;

export function spellings(key: string): string[] {
  return [key, uEscaped(key), uEscaped(key, true), percent(key), percent(key, false), oneEscaped(key), JSON.stringify(key).slice(1, -1), encodeURIComponent(key)];
}
function decodeAll(text: string): string {
  let t = text;
  for (let i = 0; i < 3; i++) {
    t = t
      .replace(/\\\\/g, "\\")
      .replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/%([0-7][0-9a-fA-F])/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return t;
}
/** Does `text` hold the key, or 12 characters of it in a row, in any spelling? */
export function leaks(text: string, key: string): string | undefined {
  for (const t of [text, decodeAll(text)]) {
    for (const s of spellings(key)) if (t.includes(s)) return s;
    for (let i = 0; i + 12 <= key.length; i++) if (t.includes(key.slice(i, i + 12))) return key.slice(i, i + 12);
  }
  return undefined;
}

const ZERO_WIDTHS = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"];

/** Spellings that decode to the key by other means than escapes: base64, hex, HTML entities, case, zero-width splits. */
export function decodedSpellings(key: string): Record<string, string> {
  const b = Buffer.from(key);
  const b64 = b.toString("base64");
  const url = b.toString("base64url");
  const out: Record<string, string> = {
    base64: b64,
    "base64 unpadded": b64.replace(/=+$/, ""),
    "base64url": url,
    "base64url padded": url + "=".repeat((4 - (url.length % 4)) % 4),
    "hex": b.toString("hex"),
    "HEX": b.toString("hex").toUpperCase(),
    "decimal entities": [...key].map((c) => `&#${c.charCodeAt(0)};`).join(""),
    "hex entities": [...key].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(""),
    "upper case": key.toUpperCase(),
    "lower case": key.toLowerCase(),
  };
  for (const z of ZERO_WIDTHS) out[`split by U+${z.charCodeAt(0).toString(16).toUpperCase()}`] = [...key].join(z);
  // The key inside a longer encoded text, at each byte offset.
  for (let pad = 0; pad < 3; pad++) out[`base64 of "${"x".repeat(pad)}Bearer <key>"`] = Buffer.from(`${"x".repeat(pad)}Bearer ${key}","n":1}`).toString("base64");
  return out;
}

/** Every decoding of runs of base64 or hex characters in `text`, at every alignment. */
function decodedRuns(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+/_-]{8,}/g)) {
    const run = m[0].replace(/-/g, "+").replace(/_/g, "/");
    for (let k = 0; k < 4; k++) out.push(Buffer.from(run.slice(k), "base64").toString("latin1"));
  }
  for (const m of text.matchAll(/[0-9a-fA-F]{16,}/g)) for (let k = 0; k < 2; k++) out.push(Buffer.from(m[0].slice(k).slice(0, (m[0].length - k) & ~1), "hex").toString("latin1"));
  return out;
}

/** Does `text` hold the key, or 12 of its characters in a row, in any spelling above or those of `leaks` (decoded independently of src/)? */
export function leaksDecoded(text: string, key: string): string | undefined {
  const plain = decodeAll(text)
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, "")
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCharCode(Number(d)))
    .replace(/&#[xX]([0-9a-fA-F]+);/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const direct = leaks(text, key) ?? leaks(plain.toLowerCase(), key.toLowerCase());
  if (direct !== undefined) return direct;
  for (const d of decodedRuns(plain)) {
    for (let i = 0; i + 12 <= key.length; i++) if (d.includes(key.slice(i, i + 12))) return `encoded ${key.slice(i, i + 12)}`;
  }
  return undefined;
}
