/**
 * Combining the folders of shard runs (or of any runs with the same options)
 * into one run folder that equals what a single full run writes: the scenario
 * folders are copied as they are, then `run_config.json` and the run-level
 * files are written the same way `evalsim run` writes them.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parsePythonJson } from "../json/parse.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { Job } from "./jobs.js";
import { readMetrics, RUN_CONFIG_FILE, scenarioDirName } from "./layout.js";

export class MergeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MergeError";
  }
}

/** The run_config.json key that only shard runs have; a merged run drops it. */
const SHARD_KEY = "shard";

export function readRunConfig(dir: string): JsonObject {
  const file = join(dir, RUN_CONFIG_FILE);
  if (!existsSync(file)) throw new MergeError(`${dir}: not a run folder (no ${RUN_CONFIG_FILE})`);
  let config;
  try {
    config = parsePythonJson(readFileSync(file, "utf8"));
  } catch (e) {
    throw new MergeError(`${file}: ${(e as Error).message}`);
  }
  if (!isJsonObject(config)) throw new MergeError(`${file}: expected a JSON object`);
  return config;
}

/**
 * The options every input must share, i.e. the run_config.json of the merged
 * run: the common config without the shard. Differences are listed per key.
 */
export function mergedConfig(dirs: readonly string[], configs: readonly JsonObject[]): JsonObject {
  const strip = (c: JsonObject): JsonObject => Object.fromEntries(Object.entries(c).filter(([k]) => k !== SHARD_KEY));
  const first = strip(configs[0] ?? {});
  const problems: string[] = [];
  configs.forEach((c, i) => {
    const other = strip(c);
    const keys = [...new Set([...Object.keys(first), ...Object.keys(other)])];
    for (const k of keys) {
      const a = first[k] === undefined ? "(absent)" : toJsonText(first[k]);
      const b = other[k] === undefined ? "(absent)" : toJsonText(other[k]);
      if (a !== b) problems.push(`${k}: ${a} in ${dirs[0]}, ${b} in ${dirs[i]}`);
    }
  });
  if (problems.length > 0) throw new MergeError(`the runs were made with different options:\n  ${problems.join("\n  ")}`);
  return first;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** Same file names with the same bytes. */
export function sameTree(a: string, b: string): boolean {
  const fa = filesUnder(a);
  const fb = filesUnder(b);
  if (fa.length !== fb.length || fa.some((f, i) => f !== fb[i])) return false;
  return fa.every((f) => readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
}

export interface MergePlan {
  /** Where each planned job's folder comes from (job index → input folder). */
  readonly sources: ReadonlyMap<number, string>;
  /** Jobs no input has finished, as `name` or `name/trial_<k>`. */
  readonly missing: readonly string[];
  /** Scenario folders that are in more than one input with different content. */
  readonly conflicts: readonly string[];
  /** Folders in the inputs that are not scenarios of this run. */
  readonly ignored: readonly string[];
}

export function planMerge(dirs: readonly string[], jobs: readonly Job[], trials: number): MergePlan {
  const sources = new Map<number, string>();
  const missing: string[] = [];
  const conflicts: string[] = [];
  for (const job of jobs) {
    const rel = scenarioDirName(job.entry.scenario.name, job.trial, trials);
    const found = dirs.filter((d) => readMetrics(join(d, rel)) !== undefined);
    const first = found[0];
    if (first === undefined) {
      missing.push(rel);
      continue;
    }
    const differing = found.filter((d) => !sameTree(join(first, rel), join(d, rel)));
    if (differing.length > 0) conflicts.push(`${rel} (${[first, ...differing].join(" vs ")})`);
    sources.set(job.index, first);
  }
  const names = new Set(jobs.map((j) => j.entry.scenario.name));
  const ignored: string[] = [];
  for (const d of dirs) {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory() && !names.has(e.name) && !e.name.endsWith(".partial")) ignored.push(join(d, e.name));
    }
  }
  return { sources, missing, conflicts, ignored };
}

/** Copy the planned folders into `out` (each through a `.partial` sibling, like a run writes them). */
export function copyScenarios(plan: MergePlan, jobs: readonly Job[], trials: number, out: string): void {
  for (const job of jobs) {
    const from = plan.sources.get(job.index);
    if (from === undefined) continue;
    const rel = scenarioDirName(job.entry.scenario.name, job.trial, trials);
    const dest = join(out, rel);
    const tmp = `${dest}.partial`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(dirname(tmp), { recursive: true });
    cpSync(join(from, rel), tmp, { recursive: true });
    renameSync(tmp, dest);
  }
}

/** `--out` must be new or empty, and must not be one of the inputs. */
export function checkOutFolder(out: string): void {
  if (existsSync(out) && (!statSync(out).isDirectory() || readdirSync(out).length > 0)) throw new MergeError(`--out ${out}: already exists and is not an empty folder`);
}
