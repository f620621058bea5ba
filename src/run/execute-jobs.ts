/**
 * Run a list of jobs on `--workers N` threads: this one and N-1 worker
 * threads (this thread has its modules and the catalog's fixtures loaded, so
 * it starts at once while the workers boot). Each job's folder is written by
 * whichever thread ran it, and the outcome does not depend on which thread
 * ran a job or in what order: every job's randomness comes from the seed, the
 * scenario and the trial alone.
 */
import type { BotSpec } from "./bot-spec.js";
import { prepareBots } from "./bot-spec.js";
import type { ExecuteOptions, JobOptions } from "./execute.js";
import { executeJob, executeSerial, writeErroredJob } from "./execute.js";
import type { Job } from "./jobs.js";
import type { ScenarioStatus } from "./run-scenario.js";
import { runPool, siblingScript } from "./worker-pool.js";

/** What a worker thread starts from (its `workerData`). */
export interface RunWorkerSetup {
  /** `--data-root` and `EVAL_DATA_ROOT`, so workers resolve the same fixtures. */
  readonly dataRoot: { readonly flag: string | undefined; readonly env: string | undefined };
  readonly options: JobOptions;
  readonly bots: BotSpec;
}

/** One job, named so the worker can find it in its own catalog. */
export interface RunJobMessage {
  readonly index: number;
  readonly domain: string;
  readonly scenario: string;
  readonly trial: number;
}

export interface ExecuteJobsOptions extends ExecuteOptions {
  readonly workers: number;
  /** A worker thread that could not start; the run goes on with the others and this thread. */
  readonly onWorkerStartFailure?: (reason: string) => void;
  readonly bots: BotSpec;
  readonly dataRoot: RunWorkerSetup["dataRoot"];
}

/** Only the plain-data options travel to a worker. */
function jobOptions(o: ExecuteJobsOptions): JobOptions {
  return {
    runDir: o.runDir,
    trials: o.trials,
    seed: o.seed,
    today: o.today,
    minAgentTurns: o.minAgentTurns,
    ...(o.strictMatch !== undefined ? { strictMatch: o.strictMatch } : {}),
    ...(o.limits !== undefined ? { limits: o.limits } : {}),
    ...(o.channel !== undefined ? { channel: o.channel } : {}),
    ...(o.gateReadability !== undefined ? { gateReadability: o.gateReadability } : {}),
  };
}

export async function executeJobs(todo: readonly Job[], opts: ExecuteJobsOptions): Promise<void> {
  if (opts.workers <= 1 || todo.length <= 1) {
    await executeSerial(todo, await prepareBots(opts.bots), opts);
    return;
  }
  const options = jobOptions(opts);
  const byIndex = new Map(todo.map((j) => [j.index, j]));
  const jobOf = (m: RunJobMessage): Job => byIndex.get(m.index) as Job;
  const setup: RunWorkerSetup = { dataRoot: opts.dataRoot, options, bots: opts.bots };
  const botsFor = await prepareBots(opts.bots);
  await runPool<RunJobMessage, ScenarioStatus>({
    script: siblingScript("run-worker"),
    workerData: setup,
    size: opts.workers,
    local: (m) => executeJob(jobOf(m), botsFor(jobOf(m)), options),
    ...(opts.onWorkerStartFailure ? { onStartFailure: opts.onWorkerStartFailure } : {}),
    jobs: todo.map((j) => ({ index: j.index, domain: j.entry.domain.name, scenario: j.entry.scenario.name, trial: j.trial })),
    onResult: (m, status) => opts.onDone?.(jobOf(m), status),
    onLost: (m, reason) => {
      writeErroredJob(jobOf(m), `the worker running this scenario crashed: ${reason}`, options);
      opts.onDone?.(jobOf(m), "errored");
    },
  });
}
