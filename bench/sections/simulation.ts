/**
 * The full simulation: `evalsim run` of every scenario with the oracle agent
 * and the scripted user, outputs written, with `--workers 1` and
 * `--workers 2` (the built CLI in a fresh process, so worker threads count
 * towards the process's peak RSS). Plus the file-system floor: writing the
 * same files, the same way (temp folder per scenario, renamed into place),
 * with no simulation at all.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { ensureBuilt } from "../lib/build.js";
import type { BenchContext } from "../lib/context.js";
import { median } from "../lib/measure.js";
import type { Row } from "../lib/report.js";
import { spawnTimed, spawnedRow } from "../lib/spawn.js";

export const SIMULATION_WORKER_COUNTS = [1, 2] as const;
/** Budgets from the performance issue: median wall ms with 2 workers, and peak RSS. */
export const SIMULATION_2_WORKERS_MS = 3000;
export const SIMULATION_PEAK_RSS_MB = 400;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/** The one run folder `evalsim run --out DIR` made. */
function runFolder(out: string): string {
  const [only, ...more] = readdirSync(out);
  if (only === undefined || more.length > 0) throw new Error(`expected one run folder in ${out}, found ${readdirSync(out).join(", ")}`);
  return join(out, only);
}

/** Rewrite a run folder's scenario files elsewhere as the run writes them; wall ms. */
function writeFloor(run: string, scratch: string): { ms: number; files: number; mb: number } {
  const scenarios = readdirSync(run).filter((n) => statSync(join(run, n)).isDirectory());
  const contents = scenarios.map((s) => filesUnder(join(run, s)).map((f) => [relative(join(run, s), f), readFileSync(f)] as const));
  let files = 0;
  let bytes = 0;
  const start = performance.now();
  scenarios.forEach((s, i) => {
    const tmp = join(scratch, `${s}.partial`);
    for (const [rel, data] of contents[i] ?? []) {
      mkdirSync(dirname(join(tmp, rel)), { recursive: true });
      writeFileSync(join(tmp, rel), data);
      files++;
      bytes += data.length;
    }
    renameSync(tmp, join(scratch, s));
  });
  return { ms: performance.now() - start, files, mb: bytes / 2 ** 20 };
}

export function fullSimulationSection(ctx: BenchContext): Row[] {
  const failure = ensureBuilt(ctx);
  if (failure) return SIMULATION_WORKER_COUNTS.map((w) => ({ section: "simulation", name: `evalsim run, --workers ${w}`, medianMs: null, note: failure }));
  const n = ctx.quick ? 1 : 3;
  const dir = mkdtempSync(join(tmpdir(), "evalsim-bench-sim-"));
  const rows: Row[] = [];
  let lastRun: string | undefined;
  try {
    for (const workers of SIMULATION_WORKER_COUNTS) {
      const runs = Array.from({ length: n }, (_, i) => {
        const out = join(dir, `out-${workers}-${i}`);
        const spawned = spawnTimed(["bin/evalsim", "run", "--workers", String(workers), "--out", out], dir, i);
        if (spawned.status !== 0) throw new Error(`evalsim run --workers ${workers} exited ${spawned.status}: ${spawned.stderr.slice(-2000)}`);
        lastRun = runFolder(out);
        return spawned;
      });
      const scenarios = readdirSync(lastRun as string).filter((e) => statSync(join(lastRun as string, e)).isDirectory()).length;
      const peak = Math.max(...runs.map((r) => r.peakRssMb));
      rows.push(
        spawnedRow("simulation", `evalsim run (oracle/scripted, all scenarios), --workers ${workers}`, runs, {
          ...(workers === 2 ? { targetMs: SIMULATION_2_WORKERS_MS } : {}),
          note: `${scenarios} scenarios, outputs written; peak RSS ${peak <= SIMULATION_PEAK_RSS_MB ? "within" : "OVER"} ${SIMULATION_PEAK_RSS_MB} MiB`,
          extra: { scenarios, peakRssBudgetMb: SIMULATION_PEAK_RSS_MB },
        }),
      );
    }
    const floors = Array.from({ length: n }, (_, i) => {
      const scratch = join(dir, `floor-${i}`);
      mkdirSync(scratch);
      return writeFloor(lastRun as string, scratch);
    });
    const first = floors[0] as { files: number; mb: number };
    rows.push({
      section: "simulation",
      name: "file-system floor: the same files written, no simulation",
      medianMs: median(floors.map((f) => f.ms)),
      minMs: Math.min(...floors.map((f) => f.ms)),
      samples: floors.length,
      note: `${first.files} files, ${first.mb.toFixed(1)} MiB, one temp folder per scenario renamed into place`,
      extra: { files: first.files, mb: Number(first.mb.toFixed(1)) },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
