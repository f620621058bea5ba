/**
 * A worker for the pool tests. Job `{ n, crash }` answers `n * 2`, except:
 * "always" kills the thread every time; "once" kills it only on the first
 * attempt (a marker file in `workerData.dir` remembers the attempt).
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { workerData } from "node:worker_threads";
import { serveJobs } from "../../../src/run/workers/messages.js";

interface FlakyJob {
  readonly n: number;
  readonly crash?: "once" | "always";
}

const { dir, failSetup } = workerData as { dir: string; failSetup?: boolean };

const crash = (n: number): Promise<number> =>
  new Promise(() => {
    // Thrown outside the job handler's promise: the thread dies, as on a real crash.
    setImmediate(() => {
      throw new Error(`crashed on job ${n}`);
    });
  });

await serveJobs<FlakyJob, number>(() => {
  if (failSetup) throw new Error("cannot set up");
  return Promise.resolve(async (job) => {
    await Promise.resolve();
    if (job.crash === "always") return crash(job.n);
    if (job.crash === "once") {
      const marker = join(dir, `crashed-${job.n}`);
      if (!existsSync(marker)) {
        writeFileSync(marker, "");
        return crash(job.n);
      }
    }
    return job.n * 2;
  });
});
