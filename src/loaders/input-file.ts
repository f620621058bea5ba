/**
 * The one way evalsim reads a file it is given (configs, prompt packs,
 * recorded calls, run folders on resume, merge and report, cassettes,
 * documents to hash or replay), as the fixture loader reads fixtures
 * (load-db.ts): a regular file only, refused after a stat and before any
 * open, so a named pipe or device never blocks; at most a size cap for its
 * kind, checked against the stat before reading; strict UTF-8; JSON parsed
 * with the depth limit; every problem one line naming the path
 * (`FixtureError`, exit 2).
 *
 * The caps are far above anything the suites produce; `--max-input-mb N` (or
 * EVALSIM_MAX_INPUT_MB, which the option sets, so worker threads see it too)
 * raises every cap to at least N MiB.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import { parseJsonText, FixtureError, fileKind } from "./load-db.js";
import type { JsonValue } from "../json/types.js";

const MIB = 1024 * 1024;

/** Bytes each kind of input may hold before it is refused. */
export const INPUT_CAPS = {
  /** An LLM config, evalsim.config.json, a prompt pack. */
  config: 16 * MIB,
  /** A run's JSON files (metrics.json, run_config.json, llm_context.json, summaries), a document to hash, diff or replay. */
  json: 256 * MIB,
  /** A transcript.jsonl (a run stops writing one at 64 MB). */
  transcript: 80 * MIB,
  /** One cassette entry (a request with its whole context, and the reply). */
  cassette: 256 * MIB,
} as const;
export type InputKind = keyof typeof INPUT_CAPS;

/** The environment variable `--max-input-mb` sets. */
export const MAX_INPUT_ENV = "EVALSIM_MAX_INPUT_MB";

/** The cap for `kind`, raised by EVALSIM_MAX_INPUT_MB when that is larger. */
export function inputCap(kind: InputKind, env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raised = Number(env[MAX_INPUT_ENV]);
  return Number.isFinite(raised) && raised > 0 ? Math.max(INPUT_CAPS[kind], Math.floor(raised * MIB)) : INPUT_CAPS[kind];
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The bytes of a regular file of at most the cap for `kind`. */
export function readInputBytes(path: string, kind: InputKind): Buffer {
  const cap = inputCap(kind);
  let fd: number | undefined;
  try {
    // stat first: opening a FIFO for reading blocks until a writer comes.
    const st = statSync(path);
    const what = fileKind(st);
    if (what !== "file") throw new FixtureError(path, "", `not a regular file (${what}); give the path of a plain file`);
    if (st.size > cap) throw new FixtureError(path, "", tooLarge(st.size, cap));
    fd = openSync(path, "r");
    // The file may have been replaced between the stat and the open: check what was opened.
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw new FixtureError(path, "", `not a regular file (${fileKind(opened)}); give the path of a plain file`);
    const buf = Buffer.allocUnsafe(Math.min(opened.size, cap) + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > cap) throw new FixtureError(path, "", tooLarge(n, cap));
      if (n === buf.length) break;
    }
    return buf.subarray(0, n);
  } catch (e) {
    if (e instanceof FixtureError) throw e;
    throw new FixtureError(path, "", `cannot read the file ${describeCode(e)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A regular file's text (strict UTF-8) of at most the cap for `kind`. */
export function readInputText(path: string, kind: InputKind): string {
  const bytes = readInputBytes(path, kind);
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new FixtureError(path, "", "expected UTF-8 text, found invalid bytes");
  }
}

/** A JSON file read with Python `json.loads` semantics and the depth limit; errors name the path and position. */
export function readInputJson(path: string, kind: InputKind = "json"): JsonValue {
  const text = readInputText(path, kind);
  try {
    return parseJsonText(text, path);
  } catch (e) {
    if (e instanceof FixtureError) throw e;
    if (e instanceof RangeError) throw new FixtureError(path, "", `invalid JSON: ${e.message}`);
    throw e;
  }
}

/** The one-line problem of a file over its cap (also for files read before this module sees them). */
export function tooLarge(size: number, cap: number): string {
  return `the file is larger than the ${(cap / MIB).toFixed(0)} MiB this kind of input may hold (${size} bytes); --max-input-mb N raises the cap`;
}

const HINTS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ELOOP: "too many levels of symbolic links: a link loop",
  ENOTDIR: "a part of the path is a file, not a folder",
  EISDIR: "it is a folder",
  EMFILE: "too many open files",
  ENAMETOOLONG: "the path is too long",
};

function describeCode(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (typeof code === "string") return HINTS[code] === undefined ? `(${code})` : `(${code}): ${HINTS[code]}`;
  return `(${e instanceof Error ? e.message : String(e)})`;
}
