/**
 * Run a list of jobs on `--workers N` threads (this one and N-1 worker
 * threads; this thread has its modules and the catalog's fixtures loaded, so
 * it starts at once while the workers boot), with up to `--max-concurrency`
 * conversations in flight across them, as coroutines inside each thread.
 * Each job's folder is written by whichever thread ran it, and the outcome
 * does not depend on which thread ran a job, on what ran beside it or in
 * what order jobs finished: every job's randomness comes from the seed, the
 * scenario and the trial alone.
 */
import { createSharedLimitMemory } from "../../llm/shared-limits.js";
import { pluginModuleOf } from "../../plugins/load.js";
import type { BotSpec } from "../bots/spec.js";
import { prepareBots } from "../bots/spec.js";
import type { JobOptions, JobResult } from "../scenario/execute.js";
import { executeJob, writeErroredJob } from "../scenario/execute.js";
import type { Job } from "../jobs.js";
import { usesLlm } from "../bots/llm.js";
import type { WorkerPromptPack } from "../inputs/prompt-pack.js";
import type { RunControl } from "../control.js";
import { runPool, siblingScript } from "./pool.js";

/** What a worker thread starts from (its `workerData`). */
export interface RunWorkerSetup {
  /** `--data-root` and `EVAL_DATA_ROOT`, so workers resolve the same fixtures. */
  readonly dataRoot: { readonly flag: string | undefined; readonly env: string | undefined };
  readonly options: JobOptions;
  readonly bots: BotSpec;
  /** The plugin modules of the jobs' domains, so workers register the same domains. */
  readonly plugins: readonly string[];
  /** `--prompt-pack`: the entries of the jobs' scenarios, applied to each worker's catalog. */
  readonly promptPack?: WorkerPromptPack;
  /** Endpoint limits shared by every thread (`max_connections` holds across the run, not per thread). */
  readonly sharedLimits?: SharedArrayBuffer;
}

/** One job, named so the worker can find it in its own catalog. */
export interface RunJobMessage {
  readonly index: number;
  readonly domain: string;
  readonly scenario: string;
  readonly trial: number;
}

export interface ExecuteJobsOptions {
  readonly options: JobOptions;
  readonly workers: number;
  /** Conversations in flight across all threads. */
  readonly concurrency: number;
  readonly bots: BotSpec;
  readonly dataRoot: RunWorkerSetup["dataRoot"];
  readonly promptPack?: WorkerPromptPack;
  readonly control?: RunControl;
  readonly onStart?: (job: Job) => void;
  readonly onDone?: (job: Job, result: JobResult) => void;
  /** A worker thread that could not start; the run goes on with the others and this thread. */
  readonly onWorkerStartFailure?: (reason: string) => void;
}

/** `total` conversations shared out over `runners` threads, as evenly as possible, at least one each. */
export function shareOf(total: number, runners: number, slot: number): number {
  const base = Math.floor(total / runners);
  return Math.max(1, base + (slot < total % runners ? 1 : 0));
}

export async function executeJobs(todo: readonly Job[], opts: ExecuteJobsOptions): Promise<void> {
  const { options, control } = opts;
  const runners = Math.max(1, Math.min(opts.workers, todo.length, opts.concurrency));
  const byIndex = new Map(todo.map((j) => [j.index, j]));
  const jobOf = (m: RunJobMessage): Job => byIndex.get(m.index) as Job;
  const plugins = [...new Set(todo.flatMap((j) => pluginModuleOf(j.entry.domain) ?? []))];
  // One thread needs no shared memory: its limiter is the whole run's.
  const sharedLimits = runners > 1 && usesLlm(opts.bots) ? createSharedLimitMemory() : undefined;
  const setup: RunWorkerSetup = { dataRoot: opts.dataRoot, options, bots: opts.bots, plugins, ...(opts.promptPack ? { promptPack: opts.promptPack } : {}), ...(sharedLimits ? { sharedLimits } : {}) };
  const botsFor = await prepareBots(opts.bots, sharedLimits);
  const keep = (): boolean => !control?.abandoned;
  await runPool<RunJobMessage, JobResult>({
    script: siblingScript("worker"),
    workerData: setup,
    size: runners,
    capacity: (slot) => shareOf(opts.concurrency, runners, slot),
    local: (m) => executeJob(jobOf(m), botsFor(jobOf(m)), options, keep),
    mayStart: () => control?.stopped === undefined,
    ...(control ? { abandon: control.whenAbandoned } : {}),
    ...(opts.onWorkerStartFailure ? { onStartFailure: opts.onWorkerStartFailure } : {}),
    jobs: todo.map((j) => ({ index: j.index, domain: j.entry.domain.name, scenario: j.entry.scenario.name, trial: j.trial })),
    onStart: (m) => opts.onStart?.(jobOf(m)),
    onResult: (m, result) => opts.onDone?.(jobOf(m), result),
    onLost: (m, reason) => {
      writeErroredJob(jobOf(m), `the worker running this scenario crashed: ${reason}`, options);
      opts.onDone?.(jobOf(m), { status: "errored" });
    },
  });
}
