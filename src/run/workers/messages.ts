/**
 * The messages between the pool (main thread) and a worker thread. A worker
 * says `ready` once its setup is done, then receives jobs (up to the pool's
 * capacity for it at once) and answers each with its result as it ends;
 * `stop` lets it exit. Everything is plain data (structured clone).
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
  // Jobs run concurrently (the pool sends at most its capacity); each answers when it ends.
  port.on("message", (m: ToWorker<J>) => {
    if (m.type === "stop") {
      port.close();
      return;
    }
    handle(m.job).then(
      (result) => send({ type: "result", id: m.id, result }),
      (e: unknown) => {
        // Rethrown outside the promise chain so the thread dies with it.
        setImmediate(() => {
          throw e;
        });
      },
    );
  });
  send({ type: "ready" });
}
