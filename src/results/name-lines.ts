/**
 * Lists of `name  text` rows for a terminal: names are not padded to the
 * longest one (a 200-character telecom name would push every reason off the
 * screen); a name longer than the column gets a line of its own, and with a
 * known terminal width the text wraps under its column instead of running on.
 */

/** Widest name column; longer names take a line of their own. */
export const NAME_COLUMN = 40;

export interface ListLayout {
  /** Terminal width, when the output is a terminal; undefined leaves lines whole (pipes, files). */
  readonly columns?: number | undefined;
}

function wrap(text: string, width: number): string[] {
  if (width < 20 || text.length <= width) return [text];
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      out.push(line);
      line = "";
    }
    for (let w = word; ; ) {
      if (line === "" && w.length > width) {
        out.push(w.slice(0, width));
        w = w.slice(width);
        continue;
      }
      line = line === "" ? w : `${line} ${w}`;
      break;
    }
  }
  if (line !== "") out.push(line);
  return out;
}

/** Rows of `prefix name  text`, laid out for the terminal. */
export function nameRows(rows: readonly { prefix: string; name: string; text: string }[], layout: ListLayout = {}): string[] {
  const width = Math.min(NAME_COLUMN, Math.max(0, ...rows.map((r) => (r.name.length <= NAME_COLUMN ? r.name.length : 0))));
  const out: string[] = [];
  for (const r of rows) {
    const indent = " ".repeat(r.prefix.length + width + 2);
    const textWidth = layout.columns === undefined ? Infinity : layout.columns - indent.length;
    const text = r.text === "" ? [] : wrap(r.text, textWidth);
    if (r.name.length > width) {
      out.push(...wrap(`${r.prefix}${r.name}`, layout.columns ?? Infinity));
      out.push(...text.map((t) => `${indent}${t}`));
      continue;
    }
    const [first, ...more] = text;
    out.push(`${r.prefix}${r.name.padEnd(width)}${first === undefined ? "" : `  ${first}`}`.trimEnd());
    out.push(...more.map((t) => `${indent}${t}`));
  }
  return out;
}
