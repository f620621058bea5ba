/**
 * Typed, validated fixture loaders. Each file is read and checked once per
 * process (keyed by absolute path) and handed out deep-frozen, since every
 * scenario of a domain shares it; mutate copies (immer drafts), never these.
 *
 * `root` is the data root (`resolveDataRoot()`).
 */
import { resolve } from "node:path";
import { parseDocument } from "yaml";
import { duplicateKey } from "./yaml-unique-keys.js";
import type { z } from "zod";
import { deepFreeze } from "../json/freeze.js";
import { pyStrip } from "../python/strip.js";
import type { OnRead } from "./load-db.js";
import { FixtureError, parseJsonText, readDbArtifact, readJsonFile, readTextFile } from "./load-db.js";
import type { TypedDb } from "./schema-parts.js";
import { findProblem, formatJsonPath, validateFixture } from "./schema-check.js";
import { allVetted } from "./vetted.js";

export type { TypedDb };

const cache = new Map<string, unknown>();

function once<T>(path: string, load: (abs: string) => T): T {
  const abs = resolve(path);
  if (cache.has(abs)) return cache.get(abs) as T;
  const value = deepFreeze(load(abs));
  cache.set(abs, value);
  return value;
}

/** Collects the files a loader reads, to ask whether they are all vetted. */
function readLog(root: string): { onRead: OnRead; vetted: (shardDir?: string) => boolean } {
  const files: { path: string; bytes: Buffer }[] = [];
  return { onRead: (path, bytes) => void files.push({ path, bytes }), vetted: (shardDir) => allVetted(root, files, shardDir) };
}

/** A JSON document, validated against `schema` (unless its bytes are vetted). */
export function loadJsonData<S extends z.ZodType>(root: string, path: string, schema: S): z.output<S> {
  return once(path, (abs) => {
    const log = readLog(root);
    const value = readJsonFile(abs, log.onRead);
    return log.vetted() ? (value as z.output<S>) : validateFixture(abs, value, schema);
  });
}

// str.splitlines() boundaries, so line numbers agree with the reference's reading.
export const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/**
 * JSON lines in file order; blank lines are skipped. With `uniqueKey`, a
 * repeated value of that field is an error (the reference would index the
 * lines by it and keep the last, shadowing the others).
 */
function parseJsonLines<S extends z.ZodType>(root: string, file: string, schema: S, uniqueKey: string | undefined): z.output<S>[] {
  const entries: z.output<S>[] = [];
  const lineOf = new Map<string, number>();
  const log = readLog(root);
  const text = readTextFile(file, log.onRead);
  const vetted = log.vetted();
  text
    .split(LINE_BREAK)
    .forEach((text, i) => {
      const line = i + 1;
      if (pyStrip(text) === "") return;
      const value = parseJsonText(text, file, line);
      const problem = vetted ? undefined : findProblem(value, schema);
      if (problem) throw new FixtureError(file, formatJsonPath(problem.path), problem.detail, line);
      if (uniqueKey !== undefined) {
        const key = JSON.stringify((value as Record<string, unknown>)[uniqueKey]);
        const seen = lineOf.get(key);
        if (seen !== undefined) {
          const detail = `expected an ${uniqueKey} not used before, found ${key} (also on line ${seen})`;
          throw new FixtureError(file, uniqueKey, detail, line);
        }
        lineOf.set(key, line);
      }
      entries.push(value as z.output<S>);
    });
  if (entries.length === 0) throw new FixtureError(file, "", "expected JSON lines, found none");
  return entries;
}

export function loadJsonLines<S extends z.ZodType>(root: string, path: string, schema: S, uniqueKey?: string): readonly z.output<S>[] {
  return once(path, (abs) => parseJsonLines(root, abs, schema, uniqueKey));
}

// YAML 1.1 as OmegaConf reads it (PyYAML's SafeLoader without the timestamp
// resolver): `yes` is a boolean, dates stay strings. Only JSON-shaped values
// are produced; any other tag is an error.
const NON_JSON_TAGS = new Set(["binary", "omap", "pairs", "set", "timestamp"].map((t) => `tag:yaml.org,2002:${t}`));

export function parseYamlFile(file: string, onRead?: OnRead): unknown {
  const text = readTextFile(file, onRead);
  // Repeated keys are found by duplicateKey, in linear time (the parser's own check is quadratic).
  const doc = parseDocument(text, {
    version: "1.1",
    customTags: (tags) => tags.filter((t) => typeof t === "string" || !NON_JSON_TAGS.has(t.tag)),
    uniqueKeys: false,
  });
  const error = doc.errors[0] ?? doc.warnings.find((w) => w.code === "TAG_RESOLVE_FAILED");
  const dup = duplicateKey(doc, text);
  if (error && (!dup || error.pos[0] <= dup.offset)) throw new FixtureError(file, "", `invalid YAML: ${firstLine(error.message)}`);
  if (dup) throw new FixtureError(file, "", `invalid YAML: ${dup.message}`);
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    throw new FixtureError(file, "", `invalid YAML: ${firstLine((e as Error).message)}`);
  }
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? "").replace(/:$/, "");
}

/** A YAML document, validated against `schema` (unless its bytes are vetted). */
export function loadYamlData<S extends z.ZodType>(root: string, path: string, schema: S): z.output<S> {
  return once(path, (abs) => {
    const log = readLog(root);
    const value = parseYamlFile(abs, log.onRead);
    return log.vetted() ? (value as z.output<S>) : validateFixture(abs, value, schema);
  });
}

/** A DB artifact (single file or shard directory), validated; errors name the shard at fault. */
export function loadDbData<S extends z.ZodType>(root: string, path: string, schema: S): TypedDb<z.output<S>> {
  return once(path, (abs) => {
    const log = readLog(root);
    const artifact = readDbArtifact(abs, log.onRead);
    const problem = log.vetted(artifact.shards ? artifact.path : undefined) ? undefined : findProblem(artifact.db, schema);
    if (!problem) return artifact.db as TypedDb<z.output<S>>;
    const top = problem.path[0];
    const file = (typeof top === "string" ? artifact.shards?.[top] : undefined) ?? artifact.path;
    throw new FixtureError(file, formatJsonPath(problem.path), problem.detail);
  });
}
