/**
 * Full simulation of every scenario with the oracle agent and scripted user,
 * `evalsim run --workers 1` and `--workers 2`: wall time, scenarios per
 * second and peak RSS per worker count.
 *
 * Not measured yet: this is where those cases go once `evalsim run` can run
 * every scenario unattended. Each case should spawn the built CLI (as the
 * cold `gold` case in gold.ts does, reusing `spawnTimed`) so that worker
 * processes are counted, and report one Row per worker count.
 */
import type { BenchContext } from "../lib/context.js";
import type { Row } from "../lib/report.js";

export const SIMULATION_WORKER_COUNTS = [1, 2] as const;

export function fullSimulationSection(_ctx: BenchContext): Row[] {
  return SIMULATION_WORKER_COUNTS.map((workers) => ({
    section: "simulation",
    name: `oracle/scripted run of every scenario, --workers ${workers}`,
    medianMs: null,
    note: "not measured yet (hook: bench/sections/simulation.ts)",
  }));
}
