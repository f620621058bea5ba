import { join } from "node:path";
import type { BotFactory } from "./bots.js";
import type { Job } from "./jobs.js";
import { scenarioDirName, scenarioFiles, writeScenarioDir } from "./outputs.js";
import type { RunOptions, ScenarioStatus } from "./run-scenario.js";
import { runScenario } from "./run-scenario.js";

export interface ExecuteOptions extends RunOptions {
  readonly runDir: string;
  readonly trials: number;
  readonly onDone?: (job: Job, status: ScenarioStatus) => void;
}

/** Run one job and write its folder. A scenario that throws is recorded as errored, never dropped. */
export async function executeJob(job: Job, bots: BotFactory, opts: ExecuteOptions): Promise<ScenarioStatus> {
  const dir = join(opts.runDir, scenarioDirName(job.entry.scenario.name, job.trial, opts.trials));
  const outcome = await runScenario(job.entry, job.trial, bots, opts);
  writeScenarioDir(dir, scenarioFiles(job.entry, outcome));
  return outcome.status;
}

/** Run jobs one after another, in order. */
export async function executeSerial(jobs: readonly Job[], bots: BotFactory, opts: ExecuteOptions): Promise<void> {
  for (const job of jobs) {
    const status = await executeJob(job, bots, opts);
    opts.onDone?.(job, status);
  }
}
