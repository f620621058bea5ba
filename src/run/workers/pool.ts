/**
 * Runs jobs on worker threads, and with `local` on this thread too (it has
 * its modules and fixtures loaded already, so it is the cheapest runner).
 * Each runner has up to its capacity of jobs in flight (see job-queue.ts for
 * which jobs); when a worker dies (an exception outside any job handler, a
 * crash) its jobs are given to another runner, and a job whose worker died
 * twice while running it is reported lost. Results already reported are never
 * affected by a crash.
 *
 * Workers run the built JavaScript, or the TypeScript sources when this
 * module itself is loaded from them (vitest, tsx): a `.ts` worker entry is
 * imported through tsx's `tsImport` from a small bootstrap, because Node 20
 * does not apply `--import` loader hooks to a worker's entry module.
 */
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { createJobQueue } from "./job-queue.js";
import type { FromWorker, ToWorker } from "./messages.js";

export interface PoolOptions<J, R> {
  /** The worker's entry module (it calls `serveJobs`). */
  readonly script: URL;
  readonly workerData: unknown;
  /** Runners in all, this thread included when `local` is given. */
  readonly size: number;
  readonly jobs: readonly J[];
  /** How many jobs runner `slot` has in flight at once (default 1). */
  readonly capacity?: (slot: number) => number;
  /** Run a job on this thread, as runner 0 of `size`. A throw here is a bug: the pool fails with it. */
  readonly local?: (job: J) => Promise<R>;
  /** Asked before each job is handed out; once false, no more jobs start and the pool ends when the running ones have. */
  readonly mayStart?: () => boolean;
  readonly onStart?: (job: J) => void;
  readonly onResult: (job: J, result: R) => void;
  /** A job whose worker died twice while running it; the reason is the last crash. */
  readonly onLost: (job: J, reason: string) => void;
  /** A worker that died before it was ready (its share goes to the other runners). */
  readonly onStartFailure?: (reason: string) => void;
  /** When this resolves the pool stops waiting: workers are terminated and running jobs are dropped. */
  readonly abandon?: Promise<void>;
}

export class PoolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PoolError";
  }
}

const ATTEMPTS = 2;

// Workers inherit this process's Node options; `--input-type` (this process ran code
// given with -e or on stdin) would make Node refuse the worker's entry file.
const workerExecArgv = (): string[] => process.execArgv.filter((a) => !a.startsWith("--input-type"));

/** `script` may be a `.ts` file only when tsx is installed (a development dependency). */
export function startWorker(script: URL, workerData: unknown): Worker {
  if (!fileURLToPath(script).endsWith(".ts")) return new Worker(script, { workerData, execArgv: workerExecArgv() });
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx"));
  const api = new URL("./esm/api/index.mjs", tsxLoader).href;
  const entry = script.href;
  const boot = `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return new Worker(boot, { eval: true, workerData, execArgv: workerExecArgv() });
}

/** The worker module next to this one, in the same form (`.js` built, `.ts` source). */
export function siblingScript(name: string): URL {
  const ext = fileURLToPath(import.meta.url).endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./${name}${ext}`, import.meta.url);
}

export function runPool<J, R>(opts: PoolOptions<J, R>): Promise<void> {
  const { jobs } = opts;
  const size = Math.max(1, Math.min(opts.size, jobs.length));
  const queue = createJobQueue(jobs.length, size);
  const capacity = (slot: number): number => Math.max(1, opts.capacity?.(slot) ?? 1);
  const mayStart = opts.mayStart ?? (() => true);
  const attempts = new Array<number>(jobs.length).fill(0);
  // Replacements for crashed workers; bounded so a thread that keeps dying cannot loop forever.
  let replacements = jobs.length * ATTEMPTS + size;
  let live = 0;
  let everReady = false;
  let startupError: string | undefined;
  let localLanes = 0;
  let localFailure: unknown;
  let lastReason = "";
  let settled = false;
  let abandoned = false;
  const workers = new Set<Worker>();

  return new Promise<void>((resolve, reject) => {
    if (jobs.length === 0) return resolve();
    const take = (slot: number): number | undefined => (localFailure === undefined && !abandoned && mayStart() ? queue.take(slot) : undefined);
    const start = (id: number): void => opts.onStart?.(jobs[id] as J);

    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    const settleIfDone = (): void => {
      if (live > 0 || localLanes > 0) return;
      if (localFailure !== undefined) settle(localFailure instanceof Error ? localFailure : new PoolError(String(localFailure)));
      else if (queue.remaining === 0 || !mayStart()) settle();
      else settle(new PoolError(everReady ? `${queue.remaining} job(s) were not run; last worker failure: ${lastReason}` : `no worker started: ${startupError ?? lastReason}`));
    };
    void opts.abandon?.then(() => {
      abandoned = true;
      for (const w of workers) void w.terminate();
      settle();
    });

    const runLane = async (local: (job: J) => Promise<R>): Promise<void> => {
      localLanes++;
      try {
        for (let id = take(0); id !== undefined; id = take(0)) {
          start(id);
          const result = await local(jobs[id] as J);
          if (abandoned) return;
          opts.onResult(jobs[id] as J, result);
          // A job here may never leave the microtask queue; yield so worker messages (results, requests for work) get through.
          await new Promise<void>((done) => setImmediate(done));
        }
      } catch (e) {
        localFailure ??= e;
      } finally {
        localLanes--;
        settleIfDone();
      }
    };

    const launch = (slot: number): void => {
      const worker = startWorker(opts.script, opts.workerData);
      workers.add(worker);
      live++;
      const busy = new Set<number>();
      let ready = false;
      let lastError: string | undefined;
      const send = (m: ToWorker<J>): void => worker.postMessage(m);
      const fill = (): void => {
        while (busy.size < capacity(slot)) {
          const id = take(slot);
          if (id === undefined) break;
          busy.add(id);
          start(id);
          send({ type: "job", id, job: jobs[id] as J });
        }
        if (busy.size === 0) send({ type: "stop" });
      };
      worker.on("message", (m: FromWorker<R>) => {
        if (abandoned) return;
        if (m.type === "ready") {
          ready = everReady = true;
          fill();
          return;
        }
        if (!busy.delete(m.id)) return;
        opts.onResult(jobs[m.id] as J, m.result);
        fill();
      });
      worker.on("error", (e) => {
        lastError = e.message;
      });
      worker.on("exit", (code) => {
        live--;
        workers.delete(worker);
        if (abandoned) return;
        const reason = lastError ?? `worker exited with code ${code}`;
        // Every job the worker had in flight is retried elsewhere, or lost after its second crash.
        for (const id of busy) {
          const tries = (attempts[id] ?? 0) + 1;
          attempts[id] = tries;
          if (tries >= ATTEMPTS) opts.onLost(jobs[id] as J, reason);
          else queue.giveBack(id);
        }
        busy.clear();
        lastReason = reason;
        if (!ready) {
          startupError ??= reason;
          opts.onStartFailure?.(reason);
        } else if (queue.remaining > 0 && replacements-- > 0 && localFailure === undefined && mayStart()) launch(slot);
        settleIfDone();
      });
    };
    const { local } = opts;
    for (let slot = local ? 1 : 0; slot < size; slot++) launch(slot);
    if (local) for (let lane = 0; lane < capacity(0); lane++) void runLane(local);
  });
}
