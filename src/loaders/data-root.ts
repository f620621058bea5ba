import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file lives in `src/loaders` or `dist/loaders`). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface DataRootOptions {
  /** `--data-root DIR`. */
  readonly flag?: string | undefined;
  /** The environment to read `EVAL_DATA_ROOT` from. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A folder every chosen root must contain (a domain's fixture folder). */
  readonly mustContain?: string;
}

export class DataRootError extends Error {
  constructor(
    message: string,
    readonly tried: readonly string[],
  ) {
    super(message);
    this.name = "DataRootError";
  }
}

/** Where `evalsim fixtures fetch` (and `check` on a fresh clone) put the fixtures. */
export const DEFAULT_FIXTURES_DIR = join(PROJECT_ROOT, "data", "fixtures");

/**
 * Candidates in priority order. An explicit choice is the only candidate:
 * `--data-root DIR`, else `EVAL_DATA_ROOT`; only when neither is given does
 * the default chain apply (`data/fixtures`, then `../shared/fixtures`).
 */
export function dataRootCandidates(opts: DataRootOptions = {}): { source: string; path: string }[] {
  const env = opts.env ?? process.env;
  if (opts.flag) return [{ source: "--data-root", path: resolve(opts.flag) }];
  const fromEnv = env["EVAL_DATA_ROOT"];
  if (fromEnv) return [{ source: "EVAL_DATA_ROOT", path: resolve(fromEnv) }];
  return [
    { source: "data/fixtures", path: DEFAULT_FIXTURES_DIR },
    { source: "../shared/fixtures", path: resolve(PROJECT_ROOT, "..", "shared", "fixtures") },
  ];
}

function isDir(p: string): boolean {
  return existsSync(p) && statSync(p).isDirectory();
}

/** Where the data comes from, for the one-line error and its hint. */
function explain(c: { source: string; path: string }, mustContain: string | undefined): string {
  const fetch = `evalsim fixtures fetch --to ${c.path} downloads the pinned fixtures`;
  if (!isDir(c.path)) return `${c.source} ${c.path} is not a folder; ${fetch}`;
  return `${c.source} ${c.path} has no '${mustContain ?? ""}' folder (the ${mustContain ?? ""} fixtures); ${fetch}`;
}

/**
 * Resolve the data root: the first candidate that holds the wanted folder.
 * When none does, one line says what is missing where, and what to do.
 */
export function resolveDataRoot(opts: DataRootOptions = {}): string {
  const candidates = dataRootCandidates(opts);
  const tried: string[] = [];
  for (const c of candidates) {
    const target = opts.mustContain ? join(c.path, opts.mustContain) : c.path;
    tried.push(`${c.source}: ${target}`);
    if (isDir(target)) return c.path;
  }
  const what = opts.mustContain ? `the '${opts.mustContain}' fixtures` : "the fixture data";
  const first = candidates[0] as { source: string; path: string };
  if (candidates.length === 1) {
    throw new DataRootError(explain(first, opts.mustContain), tried);
  }
  throw new DataRootError(
    `no fixture data found for ${what.replace(/^the /, "")} (looked in ${candidates.map((c) => c.path).join(" and ")}); run 'evalsim fixtures fetch' to download them into data/fixtures, or pass --data-root DIR`,
    tried,
  );
}
