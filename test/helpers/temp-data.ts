/**
 * Temp-dir copies of the shared fixtures, holding only the files a test
 * needs, with helpers to plant one defect.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";

/** The shared fixtures (`../shared/fixtures` unless EVAL_DATA_ROOT says otherwise). */
export const FIXTURES = resolveDataRoot({ mustContain: "eva_airline" });

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

export function tempDir(prefix = "evalsim-fixtures-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** A new data root holding copies of `paths` (files or folders, relative to the fixtures). */
export function copyFixtures(paths: readonly string[]): string {
  const root = tempDir();
  for (const p of paths) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    // Dereferenced: a data root made of symlinks must not have its originals edited through a copy.
    cpSync(join(FIXTURES, p), join(root, p), { recursive: true, dereference: true });
  }
  return root;
}

export function editText(root: string, rel: string, edit: (text: string) => string): void {
  const file = join(root, rel);
  const before = readFileSync(file, "utf8");
  const after = edit(before);
  if (after === before) throw new Error(`the edit of ${rel} changed nothing`);
  writeFileSync(file, after);
}

type Container = Record<string, unknown> | unknown[];

function containerAt(value: unknown, path: readonly (string | number)[]): Container {
  let cur = value;
  for (const seg of path) cur = (cur as Record<string | number, unknown>)[seg];
  if (cur === null || typeof cur !== "object") throw new Error(`no object or array at ${path.join(".")}`);
  return cur as Container;
}

/**
 * Rewrite a JSON file (2-space indent, like the fixtures) with the value at
 * `path` replaced, or removed when `value` is undefined (array items are
 * spliced out).
 */
export function editJson(root: string, rel: string, path: readonly (string | number)[], value: unknown): void {
  const file = join(root, rel);
  const doc: unknown = JSON.parse(readFileSync(file, "utf8"));
  const parent = containerAt(doc, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (value !== undefined) (parent as Record<string | number, unknown>)[key] = value;
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key as string];
  writeFileSync(file, JSON.stringify(doc, null, 2) + "\n");
}

export function readJson(root: string, rel: string): unknown {
  return JSON.parse(readFileSync(join(root, rel), "utf8"));
}
