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
