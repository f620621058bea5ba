import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file lives in `src/loaders` or `dist/loaders`). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Where the fixture data root comes from: the `--data-root` flag, the environment (`EVAL_DATA_ROOT`), else the defaults. */
export interface DataRootOptions {
  /** `--data-root DIR`. */
  readonly flag?: string | undefined;
  /** The environment to read `EVAL_DATA_ROOT` from. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A folder every chosen root must contain (a domain's fixture folder). */
  readonly mustContain?: string;
}

/** A data root that is missing or lacks a folder a command needs, named with where to put the fixtures. */
export class DataRootError extends Error {
  constructor(
    message: string,
    readonly tried: readonly string[],
  ) {
    super(message);
    this.name = "DataRootError";
  }
}

/** True when evalsim runs from an installed package: its root is inside a node_modules folder. */
export const INSTALLED = PROJECT_ROOT.split(/[\\/]/).includes("node_modules");

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where `evalsim fixtures fetch` (and `check` on a fresh clone) put the
 * fixtures: `data/fixtures` of a checkout; for an installed package the
 * user's data folder, `$XDG_DATA_HOME/evalsim/fixtures` (else
 * `~/.local/share/evalsim/fixtures`), so nothing is written into
 * node_modules (which an install replaces). --data-root / EVAL_DATA_ROOT
 * override it.
 */
export function defaultFixturesDir(env: Env = process.env, installed = INSTALLED): string {
  if (!installed) return join(PROJECT_ROOT, "data", "fixtures");
  const xdg = env["XDG_DATA_HOME"];
  const base = xdg && isAbsolute(xdg) ? xdg : join(env["HOME"] || homedir(), ".local", "share");
  return join(base, "evalsim", "fixtures");
}

/** The default fixtures folder for this process's environment. */
export const DEFAULT_FIXTURES_DIR = defaultFixturesDir();

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
    { source: INSTALLED ? "user data folder" : "data/fixtures", path: defaultFixturesDir(env) },
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
    `no fixture data found for ${what.replace(/^the /, "")} (looked in ${candidates.map((c) => c.path).join(" and ")}); run 'evalsim fixtures fetch' to download them into ${first.path}, or pass --data-root DIR`,
    tried,
  );
}
