/**
 * The messages between the pool (main thread) and a worker thread. A worker
 * says `ready` once its setup is done, then receives one job at a time and
 * answers each with its result; `stop` lets it exit. Everything is plain data
 * (structured clone).
 */
import { parentPort } from "node:worker_threads";

export type ToWorker<J> = { readonly type: "job"; readonly id: number; readonly job: J } | { readonly type: "stop" };

export type FromWorker<R> = { readonly type: "ready" } | { readonly type: "result"; readonly id: number; readonly result: R };

/**
 * The worker side: run `setup` once, then answer jobs with `handle`. A setup
 * or handler that throws ends the thread with that error, which the pool sees
 * as a crash; the handler should record per-job failures itself.
 */
export async function serveJobs<J, R>(setup: () => Promise<(job: J) => Promise<R>>): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("serveJobs must run in a worker thread");
  const handle = await setup();
  const send = (m: FromWorker<R>): void => port.postMessage(m);
  let chain = Promise.resolve();
  port.on("message", (m: ToWorker<J>) => {
    if (m.type === "stop") {
      port.close();
      return;
    }
    chain = chain.then(async () => send({ type: "result", id: m.id, result: await handle(m.job) }));
    chain.catch((e: unknown) => {
      // Rethrown outside the promise chain so the thread dies with it.
      setImmediate(() => {
        throw e;
      });
    });
  });
  send({ type: "ready" });
}
