import { isOutOfSpace } from "../../json/atomic-write.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject } from "../../json/types.js";
import { NOT_REPLAYED_KEY } from "../../replay/not-replayed.js";
import { endpointFailureOf } from "../../engine/conversation/endpoint-failure.js";
import { ToolBugError } from "../../engine/dispatch.js";
import type { BotFactory } from "../bots/factory.js";
import type { Job } from "../jobs.js";
import { METRICS_FILE, scenarioDir } from "../layout.js";
import { scenarioFiles, writeScenarioDir } from "../folder/scenario-files.js";
import type { RunOptions, ScenarioStatus } from "./trial.js";
import { runScenario } from "./trial.js";

/** Everything a job needs besides its bots; plain data, so a worker thread can receive it. */
export interface JobOptions extends RunOptions {
  readonly runDir: string;
  readonly trials: number;
}

/** What the run loop learns from a finished job (plain data: it crosses threads). */
export interface JobResult {
  readonly status: ScenarioStatus;
  /** For a scenario errored by an LLM endpoint failure: which one (equal text, same failure). */
  readonly endpointFailure?: { readonly key: string; readonly message: string };
  /** The replay agent: recorded calls a limit kept it from making, and the limit (the stop reason). */
  readonly notReplayed?: { readonly calls: number; readonly stopReason: string };
}

/** The bots of one job (the replay agent's calls depend on the trial). */
export type BotsForJob = (job: Job) => BotFactory;

export function jobDir(job: Job, opts: JobOptions): string {
  return scenarioDir(opts.runDir, job.entry.scenario.name, job.trial, opts.trials);
}

/**
 * The folder of a job that never produced an outcome: only `metrics.json`,
 * status "errored", with the error message and, for a tool's unexpected
 * exception (a bug, not a result the model may see), its stack with paths
 * relative to the package (so the file does not depend on where evalsim is
 * installed). It counts as unsuccessful.
 */
export function writeErroredJob(job: Job, message: string, opts: JobOptions, stack?: string): void {
  const metrics: JsonObject = {
    scenario_name: job.entry.scenario.name,
    domain: job.entry.domain.name,
    trial: job.trial,
    status: "errored",
    is_successful: false,
    error: stack === undefined ? { message } : { message, stack: relativeStack(stack) },
  };
  writeScenarioDir(jobDir(job, opts), new Map([[METRICS_FILE, toJsonText(metrics, 2) + "\n"]]));
}

/**
 * The frames from the throw down to the tool dispatch (what differs between
 * a serial run and a worker lies below it), paths relative to the package or
 * the working folder.
 */
function relativeStack(stack: string): string {
  const lines = stack.split("\n");
  const end = lines.findIndex((l) => /\bat dispatch\b/.test(l));
  const cwd = `${process.cwd()}/`;
  // A plugin's files under the working folder are named relative to it, evalsim's relative to the package.
  const relative = (l: string): string => l.replaceAll(`file://${cwd}`, "").replaceAll(cwd, "").replace(/(?:file:\/\/)?\/[^\s()]*?\/(src|dist|node_modules)\//g, "$1/");
  return (end < 0 ? lines.slice(0, 1) : lines.slice(0, end + 1)).map(relative).join("\n");
}

/**
 * Run one job and write its folder. A scenario that throws is recorded as
 * errored, never dropped. `keep` is asked before writing: an abandoned run
 * writes nothing more.
 */
export async function executeJob(job: Job, bots: BotFactory, opts: JobOptions, keep: () => boolean = () => true): Promise<JobResult> {
  let files: Map<string, string>;
  let result: JobResult;
  try {
    const outcome = await runScenario(job.entry, job.trial, bots, opts);
    files = scenarioFiles(job.entry, outcome);
    const left = outcome.metrics[NOT_REPLAYED_KEY];
    const notReplayed = typeof left === "number" ? { notReplayed: { calls: left, stopReason: String(outcome.metrics["stop_reason"]) } } : {};
    result = { status: outcome.status, ...(outcome.endpointFailure ? { endpointFailure: outcome.endpointFailure } : {}), ...notReplayed };
  } catch (e) {
    // Out of space: stop the run (with the file and the --resume line) instead of erroring every scenario after it.
    if (isOutOfSpace(e)) throw e;
    const failure = endpointFailureOf(e);
    if (keep()) writeErroredJob(job, e instanceof Error ? e.message : String(e), opts, e instanceof ToolBugError ? e.stack : undefined);
    return { status: "errored", ...(failure ? { endpointFailure: failure } : {}) };
  }
  if (keep()) writeScenarioDir(jobDir(job, opts), files);
  return result;
}
