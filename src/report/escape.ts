/** HTML text and attribute escaping, and JSON that is safe inside a <script> element. */
import { CONTROLS, escapeControls } from "../json/control-chars.js";
import { walkedJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";

/** Text for HTML: markup escaped, and control characters (terminal escapes, bidirectional overrides) shown as `\x1b`, `\u202e`. */
export function esc(s: string): string {
  return escapeControls(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * JSON text of a value read from a run folder, as `JSON.stringify` writes it,
 * except that a big integer (which a run keeps exact, and JSON.stringify
 * refuses) is written with all its digits; a non-finite number is `null`, as
 * JSON.stringify writes it, so the page's `JSON.parse` reads the text back.
 */
export function valueJson(value: unknown, indent = 0): string {
  try {
    return JSON.stringify(value, null, indent > 0 ? indent : undefined);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
  }
  return walkedJsonText(value as JsonValue, indent, (v) => (Number.isFinite(v) ? JSON.stringify(v) : "null"));
}

const UNSAFE_IN_SCRIPT = new RegExp(`[<\u2028\u2029${CONTROLS}]`, "g");

/**
 * JSON for a `<script type="application/json">`: no `</script>` or `<!--` can
 * appear in it, and no control character or bidirectional override raw in
 * the page (each as its `\uXXXX` escape, the same string to JSON.parse).
 */
export function scriptJson(value: unknown): string {
  return valueJson(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
