import { afterAll, describe, expect, it } from "vitest";
import { PoolError, runPool } from "../../../src/run/workers/pool.js";
import { removeScratch, scratch } from "../run-helpers.js";

const SCRIPT = new URL("./flaky-worker.ts", import.meta.url);

interface FlakyJob {
  readonly n: number;
  readonly crash?: "once" | "always";
}

describe("worker pool", () => {
  it("runs every job on the workers and survives crashes: a job is retried once, then reported lost", async () => {
    const jobs: FlakyJob[] = Array.from({ length: 12 }, (_, n) => ({ n, ...(n === 3 ? { crash: "once" as const } : n === 8 ? { crash: "always" as const } : {}) }));
    const results = new Map<number, number>();
    const lost: [number, string][] = [];
    await runPool<FlakyJob, number>({
      script: SCRIPT,
      workerData: { dir: scratch("pool") },
      size: 2,
      jobs,
      onResult: (job, r) => {
        expect(results.has(job.n)).toBe(false);
        results.set(job.n, r);
      },
      onLost: (job, reason) => lost.push([job.n, reason]),
    });
    expect([...results.entries()].sort(([a], [b]) => a - b)).toEqual(jobs.filter((j) => j.n !== 8).map((j) => [j.n, j.n * 2]));
    expect(lost).toEqual([[8, "crashed on job 8"]]);
  });

  it("shares the jobs between this thread and the workers, each job once", async () => {
    const jobs: FlakyJob[] = Array.from({ length: 40 }, (_, n) => ({ n }));
    const results = new Map<number, number>();
    let localJobs = 0;
    const ranHere = new Set<number>();
    // This thread holds its first job until a worker has delivered one (a worker may take
    // seconds to boot on a busy machine), so both sides surely get a share; capped at 60 s.
    let workerDelivered: () => void = () => undefined;
    const delivered = new Promise<void>((done) => (workerDelivered = done));
    await runPool<FlakyJob, number>({
      script: SCRIPT,
      workerData: { dir: scratch("pool-local") },
      size: 2,
      jobs,
      local: async (job) => {
        localJobs++;
        ranHere.add(job.n);
        if (localJobs === 1) await Promise.race([delivered, new Promise((done) => setTimeout(done, 60_000))]);
        return job.n * 2;
      },
      onResult: (job, r) => {
        expect(results.has(job.n)).toBe(false);
        results.set(job.n, r);
        if (!ranHere.has(job.n)) workerDelivered();
      },
      onLost: () => undefined,
    });
    expect([...results.keys()].sort((a, b) => a - b)).toEqual(jobs.map((j) => j.n));
    expect(localJobs).toBeGreaterThan(0);
    expect(localJobs).toBeLessThan(jobs.length);
  });

  it("still finishes on this thread when no worker can start, and says why they did not", async () => {
    const results: number[] = [];
    const failures: string[] = [];
    await runPool<FlakyJob, number>({
      script: SCRIPT,
      workerData: { dir: scratch("pool-local-only"), failSetup: true },
      size: 3,
      jobs: [{ n: 1 }, { n: 2 }, { n: 3 }],
      local: (job) => Promise.resolve(job.n),
      onResult: (_job, r) => void results.push(r),
      onLost: () => undefined,
      onStartFailure: (reason) => void failures.push(reason),
    });
    expect(results.sort()).toEqual([1, 2, 3]);
    expect(failures).toEqual(["cannot set up", "cannot set up"]);
  });

  it("fails with the exception when running a job on this thread throws", async () => {
    const run = runPool<FlakyJob, number>({
      script: SCRIPT,
      workerData: { dir: scratch("pool-local-bug") },
      size: 2,
      jobs: [{ n: 1 }, { n: 2 }],
      local: () => Promise.reject(new Error("bug in the runner")),
      onResult: () => undefined,
      onLost: () => undefined,
    });
    await expect(run).rejects.toThrow("bug in the runner");
  });

  it("fails with the reason when no worker can start", async () => {
    const run = runPool<FlakyJob, number>({
      script: SCRIPT,
      workerData: { dir: scratch("pool-fail"), failSetup: true },
      size: 2,
      jobs: [{ n: 1 }, { n: 2 }],
      onResult: () => undefined,
      onLost: () => undefined,
    });
    await expect(run).rejects.toThrow(PoolError);
    await expect(run).rejects.toThrow("no worker started: cannot set up");
  });
});

afterAll(removeScratch);
