/** A NeMo run folder (HARNESS.md section 8 layout) holding only metrics.json per scenario: verdicts, no recorded calls. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratch } from "../run/run-helpers.js";

export function nemoMetricsRun(label: string, verdicts: Record<string, boolean>): string {
  const run = join(scratch(label), "eval_2026-03-01_10-15-00");
  const all = [];
  for (const [name, ok] of Object.entries(verdicts)) {
    mkdirSync(join(run, name), { recursive: true });
    const m = { scenario_name: name, is_successful: ok };
    writeFileSync(join(run, name, "metrics.json"), JSON.stringify(m));
    all.push(m);
  }
  writeFileSync(join(run, "all_metrics.json"), JSON.stringify(all));
  return run;
}
