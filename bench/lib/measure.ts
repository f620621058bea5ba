/**
 * Timing on a shared machine: tinybench for the samples (median, p75, min),
 * plus the process CPU time per operation, since other work on the host
 * inflates wall time but much less so CPU time.
 */
import { Bench } from "tinybench";

export interface Timing {
  readonly medianMs: number;
  readonly p75Ms: number;
  readonly minMs: number;
  readonly samples: number;
  /** Mean process CPU time (user + system, all threads) per operation. */
  readonly cpuMs: number;
}

export interface TimeOptions {
  /** Minimum measuring time, ms. */
  readonly timeMs?: number;
  /** Minimum number of samples. */
  readonly iterations?: number;
  readonly warmupIterations?: number;
  /** Untimed preparation before each sample. */
  readonly beforeEach?: () => void;
}

export async function timeTask(name: string, fn: () => unknown, opts: TimeOptions = {}): Promise<Timing> {
  let cpuMicros = 0;
  let calls = 0;
  let counting = false;
  const bench = new Bench({
    time: opts.timeMs ?? 500,
    iterations: opts.iterations ?? 10,
    warmupIterations: opts.warmupIterations ?? 2,
    warmupTime: 0,
    throws: true,
  });
  bench.add(
    name,
    () => {
      const before = process.cpuUsage();
      const out = fn();
      if (counting) {
        const used = process.cpuUsage(before);
        cpuMicros += used.user + used.system;
        calls++;
      }
      return out;
    },
    {
      beforeAll: (mode) => {
        counting = mode === "run";
      },
      ...(opts.beforeEach ? { beforeEach: opts.beforeEach } : {}),
    },
  );
  await bench.run();
  const latency = bench.getTask(name)?.result?.latency;
  if (!latency) throw new Error(`benchmark '${name}' produced no samples`);
  return {
    medianMs: latency.p50 ?? latency.mean,
    p75Ms: latency.p75 ?? latency.mean,
    minMs: latency.min,
    samples: latency.samples.length,
    cpuMs: calls > 0 ? cpuMicros / calls / 1000 : Number.NaN,
  };
}

/** The fields of a report row a timing fills. */
export function timing(t: Timing): Pick<Timing, "medianMs" | "p75Ms" | "minMs" | "samples" | "cpuMs"> {
  return { medianMs: t.medianMs, p75Ms: t.p75Ms, minMs: t.minMs, samples: t.samples, cpuMs: t.cpuMs };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Peak resident set size of this process so far, MiB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
