/**
 * A whole run: plan the jobs, skip what a resumed run already finished, run
 * the rest (each scenario written atomically as soon as it ends), then write
 * the run-level files from what is on disk.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../json/atomic-write.js";
import { parsePythonJson } from "../json/parse.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { RunTotals, ScenarioSummary } from "./aggregate.js";
import { computeTotals, formatSummaryText, summarize } from "./aggregate.js";
import type { Job } from "./jobs.js";
import { METRICS_FILE, scenarioDirName } from "./outputs.js";

export const RUN_CONFIG_FILE = "run_config.json";

export interface SuiteReport {
  readonly scenarios: ScenarioSummary[];
  readonly totals: RunTotals;
}

/** Reads a finished scenario's metrics, or undefined when it is absent or unreadable. */
export function readMetrics(dir: string): JsonObject | undefined {
  const file = join(dir, METRICS_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const v = parsePythonJson(readFileSync(file, "utf8"));
    return isJsonObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** `writeFileAtomic`'s temporary file, left behind when a run dies between write and rename. */
const ATOMIC_TEMP = /^\..+\.\d+\.tmp$/;

/**
 * Remove leftovers of a run that died: scenario folders still being written
 * (`<scenario>.partial`, `<scenario>/trial_<k>.partial`) and half-written
 * run-level files.
 */
export function clearPartials(runDir: string): void {
  if (!existsSync(runDir)) return;
  const walk = (dir: string, depth: number): void => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, name.name);
      if (!name.isDirectory()) {
        if (depth === 0 && name.isFile() && ATOMIC_TEMP.test(name.name)) rmSync(path, { force: true });
        continue;
      }
      if (name.name.endsWith(".partial")) rmSync(path, { recursive: true, force: true });
      else if (depth < 1) walk(path, depth + 1);
    }
  };
  walk(runDir, 0);
}

export interface PendingSplit {
  readonly done: Job[];
  readonly todo: Job[];
}

/**
 * The reference's resume rule: a scenario is finished when its metrics are
 * readable, it had turns, and the agent spoke often enough for the run's
 * `--min-agent-turns`. Anything else runs again, its folder replaced: an
 * errored scenario too (a bot or endpoint failure may not recur).
 */
export function isFinished(metrics: JsonObject | undefined): boolean {
  if (!metrics) return false;
  return metrics["status"] !== "errored" && metrics["total_turns"] !== 0 && metrics["insufficient_agent_turns"] !== true;
}

export function splitFinished(runDir: string, jobs: readonly Job[], trials: number): PendingSplit {
  const done: Job[] = [];
  const todo: Job[] = [];
  for (const j of jobs) (isFinished(readMetrics(join(runDir, scenarioDirName(j.entry.scenario.name, j.trial, trials)))) ? done : todo).push(j);
  return { done, todo };
}

/** Collect every finished scenario's metrics under `runDir`, in job order. */
export function collectMetrics(runDir: string, jobs: readonly Job[], trials: number): JsonObject[] {
  return jobs.flatMap((j) => {
    const m = readMetrics(join(runDir, scenarioDirName(j.entry.scenario.name, j.trial, trials)));
    return m ? [m] : [];
  });
}

export function writeRunFiles(runDir: string, metrics: readonly JsonObject[], trials: number): SuiteReport {
  const totals = computeTotals(metrics, trials);
  const scenarios = metrics.map(summarize);
  const report: SuiteReport = { scenarios, totals };
  writeFileAtomic(join(runDir, "all_metrics.json"), toJsonText(metrics as JsonValue, 2) + "\n");
  writeFileAtomic(join(runDir, "summary.json"), toJsonText(report as unknown as JsonValue, 2) + "\n");
  writeFileAtomic(join(runDir, "all_summary.txt"), formatSummaryText(totals));
  return report;
}
