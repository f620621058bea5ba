import { join } from "node:path";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject } from "../json/types.js";
import type { BotFactory } from "./bots.js";
import type { Job } from "./jobs.js";
import { METRICS_FILE, scenarioDirName, scenarioFiles, writeScenarioDir } from "./outputs.js";
import type { RunOptions, ScenarioStatus } from "./run-scenario.js";
import { runScenario } from "./run-scenario.js";

/** Everything a job needs besides its bots; plain data, so a worker thread can receive it. */
export interface JobOptions extends RunOptions {
  readonly runDir: string;
  readonly trials: number;
}

export interface ExecuteOptions extends JobOptions {
  readonly onDone?: (job: Job, status: ScenarioStatus) => void;
}

/** The bots of one job (the replay agent's calls depend on the trial). */
export type BotsForJob = (job: Job) => BotFactory;

export function jobDir(job: Job, opts: JobOptions): string {
  return join(opts.runDir, scenarioDirName(job.entry.scenario.name, job.trial, opts.trials));
}

/**
 * The folder of a job that never produced an outcome: only `metrics.json`,
 * status "errored", with the error message (no stack: it names source paths,
 * which differ between builds). It counts as unsuccessful.
 */
export function writeErroredJob(job: Job, message: string, opts: JobOptions): void {
  const metrics: JsonObject = {
    scenario_name: job.entry.scenario.name,
    domain: job.entry.domain.name,
    trial: job.trial,
    status: "errored",
    is_successful: false,
    error: { message },
  };
  writeScenarioDir(jobDir(job, opts), new Map([[METRICS_FILE, toJsonText(metrics, 2) + "\n"]]));
}

/** Run one job and write its folder. A scenario that throws is recorded as errored, never dropped. */
export async function executeJob(job: Job, bots: BotFactory, opts: JobOptions): Promise<ScenarioStatus> {
  let files: Map<string, string>;
  let status: ScenarioStatus;
  try {
    const outcome = await runScenario(job.entry, job.trial, bots, opts);
    files = scenarioFiles(job.entry, outcome);
    status = outcome.status;
  } catch (e) {
    writeErroredJob(job, e instanceof Error ? e.message : String(e), opts);
    return "errored";
  }
  writeScenarioDir(jobDir(job, opts), files);
  return status;
}

/** Run jobs one after another, in order, in this thread. */
export async function executeSerial(jobs: readonly Job[], botsFor: BotsForJob, opts: ExecuteOptions): Promise<void> {
  for (const job of jobs) {
    const status = await executeJob(job, botsFor(job), opts);
    opts.onDone?.(job, status);
  }
}
