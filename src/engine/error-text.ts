/**
 * An exception as one line, whole: a ZodError as each issue's path and
 * message (its own message is a multi-line JSON dump whose first line is
 * `[`), any other error as its message with the line breaks folded.
 */

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A ZodError from any copy of zod (a plugin may bring its own), told by its shape. */
function zodIssues(e: unknown): readonly IssueLike[] | undefined {
  if (!(e instanceof Error) || e.name !== "ZodError") return undefined;
  const issues = (e as { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as IssueLike[]) : undefined;
}

const pathText = (path: readonly PropertyKey[]): string => (path.length === 0 ? "(top)" : path.map((p) => (typeof p === "number" ? `[${p}]` : String(p))).join(".").replace(/\.\[/g, "["));

export function errorLine(e: unknown): string {
  const issues = zodIssues(e);
  if (issues) return `ZodError: ${issues.map((i) => `${pathText(i.path)}: ${i.message}`).join("; ")}`;
  const text = e instanceof Error ? e.message : String(e);
  const line = text.replace(/\s*\n\s*/g, " ").trim();
  return e instanceof Error && e.name !== "Error" && !line.startsWith(e.name) ? `${e.name}: ${line}` : line;
}
