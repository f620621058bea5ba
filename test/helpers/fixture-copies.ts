/**
 * Corrupted copies of the fixtures for loader specs: a fresh data root holding
 * copies of some domain folders (in a temp dir, never the shared fixtures),
 * JSON and text edits inside it, and the one-line error a load must fail with.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { FixtureError } from "../../src/loaders/load-db.js";
import { setFixtureChecks, type FixtureChecks } from "../../src/loaders/vetted.js";

export const ROOT = resolveDataRoot({ mustContain: "tau2_airline" });
export const TAU2 = ["tau2_airline", "tau2_retail", "tau2_telecom"] as const;

const temps: string[] = [];

/** Removes every copy made so far; call from the spec's afterAll. */
export function removeCopies(): void {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
}

/** A fresh data root holding copies of the given domain folders. */
export function copyRoot(...domains: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "evalsim-fixtures-"));
  temps.push(root);
  for (const d of domains) cpSync(join(ROOT, d), join(root, d), { recursive: true });
  return root;
}

export type Path = readonly (string | number)[];
type Container = Record<string | number, unknown>;

export function get(doc: unknown, path: Path): unknown {
  return path.reduce<unknown>((cur, key) => (cur as Container)[key], doc);
}

export function set(doc: unknown, path: Path, value: unknown): void {
  (get(doc, path.slice(0, -1)) as Container)[path[path.length - 1] as string | number] = value;
}

export function remove(doc: unknown, path: Path): void {
  delete (get(doc, path.slice(0, -1)) as Container)[path[path.length - 1] as string | number];
}

/** Rewrite a JSON file of a temp root through `mutate`; returns its path. */
export function editJson(root: string, rel: string, mutate: (doc: unknown) => void): string {
  const file = join(root, rel);
  const doc: unknown = JSON.parse(readFileSync(file, "utf8"));
  mutate(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

export function writeText(root: string, rel: string, text: string): string {
  const file = join(root, rel);
  writeFileSync(file, text);
  return file;
}

export function failure(load: () => unknown): string {
  try {
    load();
  } catch (e) {
    expect(e).toBeInstanceOf(FixtureError);
    const message = (e as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected the load to fail");
}

/** Loading skips the schema check of files the manifest pins; these tests check the pinned files in full. */
export function fullChecks(): void {
  let previous: FixtureChecks;
  beforeAll(() => {
    previous = setFixtureChecks("full");
  });
  afterAll(() => {
    setFixtureChecks(previous);
  });
}
