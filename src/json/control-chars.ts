/**
 * Text from outside (an endpoint's error body, a file's contents quoted in
 * a message) may hold terminal control sequences: ESC and CSI that clear the
 * screen or move the cursor, OSC that sets the window title or makes a link,
 * BEL. Printed raw, or put raw in a Markdown summary someone views in a
 * terminal, they act instead of showing. Such characters are written as
 * visible escapes (`\x1b`, `\u009b`) wherever text is meant for people; the
 * transcript keeps the bytes, escaped by JSON itself.
 */

// C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides that reorder what is shown
// (as the body of a regular-expression character class, so the report's script escapes exactly these too).
export const CONTROLS = "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069";
const ANY_CONTROL = new RegExp(`[${CONTROLS}]`);
const EVERY_CONTROL = new RegExp(`[${CONTROLS}]`, "g");

const visible = (c: string): string => {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
};

/** `text` with its control characters (not tab or newline) written as visible escapes. */
export function escapeControls(text: string): string {
  return ANY_CONTROL.test(text) ? text.replace(EVERY_CONTROL, visible) : text;
}
