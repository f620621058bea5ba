/**
 * Combining the folders of shard runs (or of any runs with the same options)
 * into one run folder that equals what a single full run writes: the scenario
 * folders are copied as they are, then `run_config.json` and the run-level
 * files are written the same way `evalsim run` writes them.
 *
 * A merge that is missing something (a shard, a scenario, a scenario folder
 * that is not complete) writes nothing unless partial output is allowed. The
 * output holds a marker while the merge works in it, so a merge that was
 * killed can be run again into its own partial output.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { selectScenarios, domainsFor, loadCatalog } from "../../engine/catalog.js";
import type { Registry } from "../../engine/registry.js";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { parsePythonJson } from "../../json/parse.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import type { Job } from "../jobs.js";
import { parseShard, planJobs } from "../jobs.js";
import { clearLeftovers, isPartialDirName, LOCK_FILE, MERGE_MARKER, partialDirOf, RUN_CONFIG_FILE, scenarioDirName, scenarioFolderState } from "../layout.js";
import { MergeError } from "./error.js";
import type { SuiteReport } from "../folder/summary-files.js";
import { collectMetrics, writeRunFiles } from "../folder/summary-files.js";
import { acquireRunLock } from "../folder/lock.js";
import { firstLinkUnder, refuseLinksIn } from "../folder/guard.js";
import { readInputText } from "../../loaders/input-file.js";
import { FixtureError } from "../../loaders/load-db.js";

export { MergeError } from "./error.js";

/** The run_config.json key that only shard runs have; a merged run drops it. */
const SHARD_KEY = "shard";
export function readRunConfig(dir: string): JsonObject {
  const file = join(dir, RUN_CONFIG_FILE);
  if (!existsSync(file)) throw new MergeError(`${dir}: not a run folder (no ${RUN_CONFIG_FILE})`);
  let config;
  try {
    config = parsePythonJson(readInputText(file, "json"));
  } catch (e) {
    if (e instanceof FixtureError) throw new MergeError(e.message);
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

/** Shards `i/n` none of the inputs is: named, when the inputs are shard runs. */
export function missingShards(dirs: readonly string[], configs: readonly JsonObject[]): string[] {
  const shards = configs.map((c, i) => ({ dir: dirs[i] as string, shard: typeof c[SHARD_KEY] === "string" ? parseShard(c[SHARD_KEY]) : undefined }));
  const counts = new Set(shards.flatMap((s) => (s.shard ? [s.shard.count] : [])));
  if (counts.size === 0) return [];
  if (counts.size > 1) throw new MergeError(`the inputs are shards of different splits: ${shards.map((s) => `${s.dir} (${s.shard ? `${s.shard.index}/${s.shard.count}` : "no shard"})`).join(", ")}`);
  const n = [...counts][0] as number;
  const have = new Set(shards.flatMap((s) => (s.shard ? [s.shard.index] : [])));
  const whole = shards.some((s) => !s.shard);
  if (whole) return [];
  return Array.from({ length: n }, (_, k) => k + 1).filter((k) => !have.has(k)).map((k) => `${k}/${n}`);
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
  if (!existsSync(a) || !existsSync(b)) return false;
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
  /** Scenario folders of an input that are there but not complete (a file missing or unreadable). */
  readonly unreadable: readonly string[];
  /** Scenario folders that are in more than one input with different content. */
  readonly conflicts: readonly string[];
  /** Folders in the inputs that are not scenarios of this run. */
  readonly ignored: readonly string[];
}

export function planMerge(dirs: readonly string[], jobs: readonly Job[], trials: number): MergePlan {
  const sources = new Map<number, string>();
  const missing: string[] = [];
  const unreadable: string[] = [];
  const conflicts: string[] = [];
  for (const job of jobs) {
    const rel = scenarioDirName(job.entry.scenario.name, job.trial, trials);
    const found: string[] = [];
    for (const d of dirs) {
      const state = scenarioFolderState(join(d, rel));
      if (state.kind === "complete") found.push(d);
      else if (state.kind === "incomplete") unreadable.push(`${join(d, rel)}: ${state.problem}`);
    }
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
      if (e.isDirectory() && !names.has(e.name) && !isPartialDirName(e.name)) ignored.push(join(d, e.name));
    }
  }
  return { sources, missing, unreadable, conflicts, ignored };
}

/**
 * Copy the planned folders into `out` (each through a `.partial` sibling, like
 * a run writes them); folders already equal are kept. Between folders it lets
 * the event loop run, so a signal is seen: `stopRequested` then names it and
 * the copy stops with `MergeStoppedError`, every copied folder complete.
 */
export async function copyScenarios(plan: MergePlan, jobs: readonly Job[], trials: number, out: string, stopRequested: () => string | undefined = () => undefined): Promise<void> {
  let done = 0;
  for (const job of jobs) {
    await new Promise((resolve) => setImmediate(resolve));
    const signal = stopRequested();
    if (signal !== undefined) throw new MergeStoppedError(signal, done, jobs.length);
    done++;
    const from = plan.sources.get(job.index);
    if (from === undefined) continue;
    const rel = scenarioDirName(job.entry.scenario.name, job.trial, trials);
    const dest = join(out, rel);
    if (sameTree(join(from, rel), dest)) continue;
    const tmp = partialDirOf(dest);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(dirname(tmp), { recursive: true });
    cpSync(join(from, rel), tmp, { recursive: true });
    rmSync(dest, { recursive: true, force: true });
    renameSync(tmp, dest);
  }
}

/**
 * `--out` must be new or empty, or a merge of the same inputs that did not
 * finish (it still has the marker); it must not be one of the inputs.
 */
export function checkOutFolder(out: string, inputs: readonly string[]): void {
  if (inputs.includes(out)) throw new MergeError(`--out ${out}: is one of the inputs`);
  // A merge rewrites its output folder: never through a link, to wherever it points.
  if (lstatSync(out, { throwIfNoEntry: false })?.isSymbolicLink()) throw new MergeError(`--out ${out}: is a symbolic link; merge into a real folder (nothing was changed)`);
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new MergeError(`--out ${out}: already exists and is not a folder`);
  if (readdirSync(out).filter((n) => n !== LOCK_FILE).length === 0) return;
  const marker = join(out, MERGE_MARKER);
  if (!existsSync(marker)) throw new MergeError(`--out ${out}: already exists and is not an empty folder (nor an unfinished merge)`);
  let was: unknown;
  try {
    was = JSON.parse(readInputText(marker, "config"));
  } catch {
    was = undefined;
  }
  const same = isJsonObject(was) && toJsonText((was)["inputs"] ?? null) === toJsonText([...inputs]);
  if (!same) throw new MergeError(`--out ${out}: an unfinished merge of other inputs (see ${marker}); merge into a new folder`);
  const link = firstLinkUnder(out);
  if (link !== undefined) throw new MergeError(`--out ${out}: holds a symbolic link (${link}), which no merge writes; merge into a new folder (nothing was changed)`);
}

/** The shard folders to merge and where the merged run folder goes. */
export interface MergeRequest {
  readonly registry: Registry;
  readonly dataRoot: { readonly flag?: string | undefined; readonly env?: string | undefined };
  readonly inputs: readonly string[];
  readonly out: string;
  /** Merge what is there when a shard or scenario is missing or unreadable (else nothing is written and it fails). */
  readonly allowPartial: boolean;
  readonly warn: (message: string) => void;
  /** The signal that asks the merge to stop, once one has arrived (checked between scenario folders). */
  readonly stopRequested?: () => string | undefined;
}

/** A merge stopped by a signal between two scenario folders; `--out` stays an unfinished merge the same command finishes. */
export class MergeStoppedError extends Error {
  constructor(
    readonly signal: string,
    readonly copied: number,
    readonly total: number,
  ) {
    super(`stopped by ${signal} after ${copied} of ${total} scenario folders`);
    this.name = "MergeStoppedError";
  }
}

/** Something the merge lacks; without `allowPartial` the merge writes nothing and the CLI exits 1. */
export class MergeIncompleteError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`the merge is incomplete:\n  ${problems.join("\n  ")}\nnothing was written; merge the missing shards too, or pass --allow-partial`);
    this.name = "MergeIncompleteError";
  }
}

function selectionOf(config: JsonObject): { domain: string | undefined; scenarios: string[] | undefined; trials: number } {
  const { domain, scenarios, trials } = config;
  const names = Array.isArray(scenarios) && scenarios.every((s) => typeof s === "string") ? scenarios : undefined;
  if ((domain !== null && typeof domain !== "string") || (scenarios !== null && !names) || typeof trials !== "number" || !Number.isInteger(trials) || trials < 1) {
    throw new MergeError(`${RUN_CONFIG_FILE}: expected domain, scenarios and trials as evalsim run writes them`);
  }
  return { domain: domain ?? undefined, scenarios: names, trials };
}

/** Combine the run folders of `--shard i/n` runs into the tree one full run writes: what `evalsim merge` does. */
export async function mergeRuns(req: MergeRequest): Promise<SuiteReport> {
  const { inputs, out } = req;
  checkOutFolder(out, inputs);
  for (const input of inputs) refuseLinksIn(input);
  const configs = inputs.map(readRunConfig);
  const config = mergedConfig(inputs, configs);
  const shardsMissing = missingShards(inputs, configs);
  const { domain, scenarios, trials } = selectionOf(config);
  const rootOpts = { flag: req.dataRoot.flag, env: { EVAL_DATA_ROOT: req.dataRoot.env } };
  const sel = { domain, scenarios };
  const jobs = planJobs(selectScenarios(loadCatalog(req.registry, rootOpts, domainsFor(req.registry, sel)), sel), trials);
  const plan = planMerge(inputs, jobs, trials);
  if (plan.conflicts.length > 0) throw new MergeError(`scenario folders differ between inputs:\n  ${plan.conflicts.join("\n  ")}`);
  for (const p of plan.ignored) req.warn(`${p} is not a scenario of this run; not copied`);
  const problems = [
    ...shardsMissing.map((s) => `shard ${s} is in none of the inputs`),
    ...plan.unreadable.map((u) => `not complete: ${u}`),
    ...(plan.missing.length > 0 ? [`${plan.missing.length} of ${jobs.length} scenario(s) are in none of the inputs: ${plan.missing.join(", ")}`] : []),
  ];
  if (problems.length > 0 && !req.allowPartial) throw new MergeIncompleteError(problems);
  for (const p of problems) req.warn(p);
  mkdirSync(out, { recursive: true });
  const lock = acquireRunLock(out);
  try {
    const marker = join(out, MERGE_MARKER);
    if (!existsSync(marker)) writeFileAtomic(marker, toJsonText({ inputs: [...inputs] }, 2) + "\n");
    clearLeftovers(out, new Set(jobs.map((j) => j.entry.scenario.name)), trials);
    await copyScenarios(plan, jobs, trials, out, req.stopRequested);
    writeFileAtomic(join(out, RUN_CONFIG_FILE), toJsonText(config, 2) + "\n");
    const report = writeRunFiles(out, collectMetrics(out, jobs, trials), trials, jobs.length);
    rmSync(marker, { force: true });
    return report;
  } finally {
    lock.release();
  }
}
