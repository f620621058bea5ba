/** The normalization's one string rule: "None"/"null" spellings hash as JSON null. */
import { pyStrip } from "./strip.js";

/** True when Python's `s.strip().lower() in ("none", "null")`. */
export function isNoneLikeString(s: string): boolean {
  const n = s.length;
  if (n < 4) return false;
  if (n > 4) {
    // Only surrounding whitespace can bring a longer string down to four characters.
    const a = s.charCodeAt(0);
    const z = s.charCodeAt(n - 1);
    if (a > 0x20 && a < 0x85 && z > 0x20 && z < 0x85) return false;
  }
  const t = n === 4 ? s : pyStrip(s);
  if (t.length !== 4) return false;
  const lower = t.toLowerCase();
  return lower === "none" || lower === "null";
}
