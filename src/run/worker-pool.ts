/**
 * Runs jobs on worker threads, and with `local` on this thread too (it has
 * its modules and fixtures loaded already, so it is the cheapest runner).
 * Each runner gets one job at a time (see job-queue.ts for which); when a
 * worker dies (an exception outside any job
 * handler, a crash) its job is given to another worker, and a job that takes
 * down two workers is reported lost. Results already reported are never
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
import type { FromWorker, ToWorker } from "./worker-messages.js";

export interface PoolOptions<J, R> {
  /** The worker's entry module (it calls `serveJobs`). */
  readonly script: URL;
  readonly workerData: unknown;
  /** Runners in all, this thread included when `local` is given. */
  readonly size: number;
  readonly jobs: readonly J[];
  /** Run a job on this thread, as runner 0 of `size`. A throw here is a bug: the pool fails with it. */
  readonly local?: (job: J) => Promise<R>;
  readonly onResult: (job: J, result: R) => void;
  /** A job whose worker died twice while running it; the reason is the last crash. */
  readonly onLost: (job: J, reason: string) => void;
  /** A worker that died before it was ready (its share goes to the other runners). */
  readonly onStartFailure?: (reason: string) => void;
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
  const attempts = new Array<number>(jobs.length).fill(0);
  // Replacements for crashed workers; bounded so a thread that keeps dying cannot loop forever.
  let replacements = jobs.length * ATTEMPTS + size;
  let unfinished = jobs.length;
  let live = 0;
  let everReady = false;
  let startupError: string | undefined;
  let localRunning = false;
  let localFailure: unknown;
  let lastReason = "";

  return new Promise<void>((resolve, reject) => {
    if (jobs.length === 0) return resolve();

    const settleIfDone = (): void => {
      if (live > 0 || localRunning) return;
      if (localFailure !== undefined) reject(localFailure instanceof Error ? localFailure : new PoolError(String(localFailure)));
      else if (unfinished === 0) resolve();
      else reject(new PoolError(everReady ? `${unfinished} job(s) were not run; last worker failure: ${lastReason}` : `no worker started: ${startupError ?? lastReason}`));
    };

    const runLocal = async (local: (job: J) => Promise<R>): Promise<void> => {
      localRunning = true;
      try {
        for (let id = queue.take(0); id !== undefined && localFailure === undefined; id = queue.take(0)) {
          const result = await local(jobs[id] as J);
          unfinished--;
          opts.onResult(jobs[id] as J, result);
          // A job here may never leave the microtask queue; yield so worker messages (results, requests for work) get through.
          await new Promise<void>((done) => setImmediate(done));
        }
      } catch (e) {
        localFailure = e;
      } finally {
        localRunning = false;
        settleIfDone();
      }
    };

    const launch = (slot: number): void => {
      const worker = startWorker(opts.script, opts.workerData);
      live++;
      let busy: number | undefined;
      let ready = false;
      let lastError: string | undefined;
      const send = (m: ToWorker<J>): void => worker.postMessage(m);
      const next = (): void => {
        busy = localFailure === undefined ? queue.take(slot) : undefined;
        if (busy === undefined) send({ type: "stop" });
        else send({ type: "job", id: busy, job: jobs[busy] as J });
      };
      worker.on("message", (m: FromWorker<R>) => {
        if (m.type === "ready") {
          ready = everReady = true;
          next();
          return;
        }
        if (m.id !== busy) return;
        busy = undefined;
        unfinished--;
        opts.onResult(jobs[m.id] as J, m.result);
        next();
      });
      worker.on("error", (e) => {
        lastError = e.message;
      });
      worker.on("exit", (code) => {
        live--;
        const reason = lastError ?? `worker exited with code ${code}`;
        if (busy !== undefined) {
          const id = busy;
          const tries = (attempts[id] ?? 0) + 1;
          attempts[id] = tries;
          if (tries >= ATTEMPTS) {
            unfinished--;
            opts.onLost(jobs[id] as J, reason);
          } else queue.giveBack(id);
        }
        lastReason = reason;
        if (!ready) {
          startupError ??= reason;
          opts.onStartFailure?.(reason);
        }
        else if (queue.remaining > 0 && replacements-- > 0 && localFailure === undefined) launch(slot);
        settleIfDone();
      });
    };
    const { local } = opts;
    for (let slot = local ? 1 : 0; slot < size; slot++) launch(slot);
    if (local) void runLocal(local);
  });
}
