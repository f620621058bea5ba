/**
 * `evalsim gold`: in-process per domain and over all domains (each selection
 * in its own process, so peak RSS and caches are its own), and the cold CLI
 * command, Node start and fixture parsing included.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { registry } from "../../src/domains/index.js";
import { ensureBuilt } from "../lib/build.js";
import type { BenchContext } from "../lib/context.js";
import type { Timing } from "../lib/measure.js";
import { timing } from "../lib/measure.js";
import type { Row } from "../lib/report.js";
import { PROJECT, spawnTimed, spawnedRow } from "../lib/spawn.js";

const CHILD = fileURLToPath(new URL("../children/gold-in-process.ts", import.meta.url));

/** Budgets from the performance issue, median wall ms. */
export const GOLD_ALL_IN_PROCESS_MS = 300;
export const GOLD_ALL_COLD_CLI_MS = 1500;

interface ChildReport {
  readonly selection: string;
  readonly scenarios: number;
  readonly failed: number;
  readonly catalogMs: number;
  readonly firstMs: number;
  readonly warm: Timing;
  readonly peakRssMb: number;
}

function inProcess(selection: string, iterations: number): ChildReport {
  const res = spawnSync(process.execPath, ["--import", "tsx", CHILD, selection, String(iterations)], { cwd: PROJECT, encoding: "utf8", maxBuffer: 1 << 24 });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`gold-in-process ${selection} exited ${res.status}: ${res.stderr}`);
  return JSON.parse(res.stdout) as ChildReport;
}

function inProcessRow(r: ChildReport): Row {
  return {
    section: "gold",
    name: `in-process ${r.selection} (${r.scenarios} scenarios)`,
    ...timing(r.warm),
    peakRssMb: r.peakRssMb,
    ...(r.selection === "all" ? { targetMs: GOLD_ALL_IN_PROCESS_MS } : {}),
    note: `first pass ${r.firstMs.toFixed(0)} ms (reads fixtures); catalog ${r.catalogMs.toFixed(0)} ms${r.failed > 0 ? `; ${r.failed} failed` : ""}`,
    extra: { firstPassMs: r.firstMs, catalogMs: r.catalogMs, failedScenarios: r.failed },
  };
}

function coldCli(ctx: BenchContext): Row[] {
  const failure = ensureBuilt(ctx);
  if (failure) return [{ section: "gold", name: "cold CLI: evalsim gold (all domains)", medianMs: null, note: failure }];
  const dir = mkdtempSync(join(tmpdir(), "evalsim-bench-"));
  try {
    const n = ctx.quick ? 3 : 7;
    const node = Array.from({ length: n }, (_, i) => spawnTimed(["-e", "0"], dir, i));
    const gold = Array.from({ length: n }, (_, i) => spawnTimed(["bin/evalsim", "gold"], dir, i));
    const status = gold[0]?.status ?? null;
    return [
      spawnedRow("gold", "cold CLI: evalsim gold (all domains)", gold, {
        targetMs: GOLD_ALL_COLD_CLI_MS,
        note: `node bin/evalsim gold, after ${ctx.build ? "npm run build" : "the existing dist/"}; exit ${status}`,
        extra: { exitStatus: status },
      }),
      spawnedRow("gold", "cold CLI: bare node start (node -e 0)", node, { note: "floor for any command" }),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function goldSection(ctx: BenchContext): Row[] {
  const iterations = ctx.quick ? 3 : 9;
  const selections = [...registry.domains.map((d) => d.name), "all"];
  return [...selections.map((s) => inProcessRow(inProcess(s, iterations))), ...coldCli(ctx)];
}
