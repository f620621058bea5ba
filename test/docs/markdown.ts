/**
 * The project's Markdown as the docs tests read it: the files, their headings'
 * anchors (as GitHub makes them), their links, and their fenced blocks with the
 * `<!-- example: ... -->` marker before each.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** README.md, bench/README.md and every page of docs/ (not the generated API reference in docs/api/). */
export function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => join("docs", f));
  return ["README.md", join("bench", "README.md"), ...docs.sort()].filter((f) => existsSync(join(ROOT, f)));
}

export const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");

/** The text outside fenced blocks (links and headings inside code are not Markdown). */
export function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "");
}

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const base = (m[1] ?? "").toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const n = seen.get(base);
    seen.set(base, (n ?? -1) + 1);
    out.add(n === undefined ? base : `${base}-${n + 1}`);
  }
  return out;
}

/** Inline links `[text](target)` outside code. */
export function linksOf(text: string): string[] {
  return [...prose(text).replace(/`[^`\n]*`/g, "").matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] ?? "");
}

export interface Block {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly info: string;
  readonly body: string;
  /** The text of the `<!-- example: ... -->` comment on the line before the fence, if any. */
  readonly marker: string | undefined;
}

export function blocksOf(file: string): Block[] {
  const lines = read(file).split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(```|~~~)(.*)$/.exec(lines[i] ?? "");
    if (!open) continue;
    const fence = open[1] ?? "```";
    let j = i + 1;
    while (j < lines.length && !(lines[j] ?? "").startsWith(fence)) j++;
    let k = i - 1;
    while (k >= 0 && (lines[k] ?? "").trim() === "") k--;
    const marker = /^<!-- example: (.*) -->$/.exec((lines[k] ?? "").trim())?.[1];
    out.push({ file, line: i + 1, info: (open[2] ?? "").trim(), body: lines.slice(i + 1, j).join("\n"), marker });
    i = j;
  }
  return out;
}

export const isShell = (b: Block): boolean => /^(sh|bash|shell|console)\b/.test(b.info);

export const where = (file: string): string => relative(ROOT, join(ROOT, file));
