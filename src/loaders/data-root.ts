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

/** Candidates in priority order: flag, `EVAL_DATA_ROOT`, `data/fixtures`, `../shared/fixtures`. */
export function dataRootCandidates(opts: DataRootOptions = {}): { source: string; path: string }[] {
  const env = opts.env ?? process.env;
  const out: { source: string; path: string }[] = [];
  if (opts.flag) out.push({ source: "--data-root", path: resolve(opts.flag) });
  const fromEnv = env["EVAL_DATA_ROOT"];
  if (fromEnv) out.push({ source: "EVAL_DATA_ROOT", path: resolve(fromEnv) });
  out.push({ source: "data/fixtures", path: join(PROJECT_ROOT, "data", "fixtures") });
  out.push({ source: "../shared/fixtures", path: resolve(PROJECT_ROOT, "..", "shared", "fixtures") });
  return out;
}

function isDir(p: string): boolean {
  return existsSync(p) && statSync(p).isDirectory();
}

/**
 * Resolve the data root: the first candidate that holds the wanted folder.
 * When none does, the error lists every place that was tried.
 */
export function resolveDataRoot(opts: DataRootOptions = {}): string {
  const candidates = dataRootCandidates(opts);
  const tried: string[] = [];
  for (const c of candidates) {
    const target = opts.mustContain ? join(c.path, opts.mustContain) : c.path;
    tried.push(`${c.source}: ${target}`);
    if (isDir(target)) return c.path;
  }
  const what = opts.mustContain ? `a '${opts.mustContain}' fixture folder` : "a fixture data root";
  throw new DataRootError(`could not find ${what}; tried:\n  ${tried.join("\n  ")}`, tried);
}
