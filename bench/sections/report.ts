/**
 * The HTML report of a full run: `evalsim run --trials 4` of every scenario
 * (oracle agent, scripted user), then `evalsim report` of that folder, timed
 * in a fresh process; the row records the file's size and the trials in it.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuilt } from "../lib/build.js";
import type { BenchContext } from "../lib/context.js";
import type { Row } from "../lib/report.js";
import { spawnTimed, spawnedRow } from "../lib/spawn.js";

export const REPORT_TRIALS = 4;

export function reportSection(ctx: BenchContext): Row[] {
  const name = `evalsim report of every scenario x ${REPORT_TRIALS} trials`;
  const failure = ensureBuilt(ctx);
  if (failure) return [{ section: "report", name, medianMs: null, note: failure }];
  const dir = mkdtempSync(join(tmpdir(), "evalsim-bench-report-"));
  try {
    const out = join(dir, "runs");
    const made = spawnTimed(["bin/evalsim", "run", "--trials", String(REPORT_TRIALS), "--workers", "2", "--out", out], dir, 0);
    if (made.status !== 0) throw new Error(`evalsim run exited ${made.status}: ${made.stderr.slice(-2000)}`);
    const [runName] = readdirSync(out);
    const run = join(out, runName as string);
    const file = join(dir, "report.html");
    const runs = Array.from({ length: ctx.quick ? 1 : 3 }, (_, i) => {
      const r = spawnTimed(["bin/evalsim", "report", run, "--out", file], dir, i + 1);
      if (r.status !== 0) throw new Error(`evalsim report exited ${r.status}: ${r.stderr.slice(-2000)}`);
      return r;
    });
    const bytes = statSync(file).size;
    const scenarios = readdirSync(run).filter((e) => statSync(join(run, e)).isDirectory()).length;
    return [
      spawnedRow("report", name, runs, {
        note: `${scenarios} scenarios x ${REPORT_TRIALS} trials; report.html ${(bytes / 2 ** 20).toFixed(1)} MiB (${bytes} bytes)`,
        extra: { scenarios, trials: REPORT_TRIALS, bytes },
      }),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
