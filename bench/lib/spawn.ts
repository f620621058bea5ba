/** Timing a child process: wall time here, CPU time and peak RSS from the probe it preloads. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Row } from "./report.js";
import { median } from "./measure.js";

export const PROJECT = fileURLToPath(new URL("../..", import.meta.url));
const PROBE = fileURLToPath(new URL("../support/resource-probe.cjs", import.meta.url));

export interface Spawned {
  readonly wallMs: number;
  /** When the spawn began, on the epoch clock (for comparing with another process's timestamps). */
  readonly startEpochMs: number;
  readonly cpuMs: number;
  /** The whole process, worker threads included. */
  readonly peakRssMb: number;
  readonly status: number | null;
  readonly stderr: string;
}

/** Spawn `node --require probe args...` in the project folder; stdout is discarded. */
export function spawnTimed(args: readonly string[], probeDir: string, i: number): Spawned {
  const probe = join(probeDir, `probe-${i}.json`);
  // Epoch time, comparable with the fake endpoint's timestamps (a benchmark measures wall time).
  const startEpochMs = performance.timeOrigin + performance.now();
  const start = performance.now();
  const res = spawnSync(process.execPath, ["--require", PROBE, ...args], {
    cwd: PROJECT,
    env: { ...process.env, EVALSIM_BENCH_PROBE: probe },
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  const wallMs = performance.now() - start;
  if (res.error) throw res.error;
  const usage = JSON.parse(readFileSync(probe, "utf8")) as { cpuMs: number; peakRssMb: number };
  return { wallMs, startEpochMs, ...usage, status: res.status, stderr: res.stderr };
}

/** One row from repeated spawns: median and min wall, median CPU, largest peak RSS. */
export function spawnedRow(section: string, name: string, runs: readonly Spawned[], extra: Partial<Row> = {}): Row {
  const walls = runs.map((r) => r.wallMs);
  return {
    section,
    name,
    medianMs: median(walls),
    minMs: Math.min(...walls),
    samples: runs.length,
    cpuMs: median(runs.map((r) => r.cpuMs)),
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    ...extra,
  };
}
