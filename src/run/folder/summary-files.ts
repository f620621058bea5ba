/**
 * The run-level files (`all_metrics.json`, `summary.json`,
 * `all_summary.txt`), computed only from the scenario folders on disk, so a
 * resumed, merged or sharded run aggregates exactly like one full run.
 */
import { join } from "node:path";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import type { RunTotals, ScenarioSummary } from "../summary/aggregate.js";
import { computeTotals, formatSummaryText, summarize } from "../summary/aggregate.js";
import type { Job } from "../jobs.js";
import { cappedAllMetricsText, MAX_METRICS_ENTRY_BYTES } from "./metrics-caps.js";
import { ALL_METRICS_FILE, readMetrics, scenarioDir, SUMMARY_FILE, SUMMARY_TEXT_FILE } from "../layout.js";

export interface SuiteReport {
  readonly scenarios: ScenarioSummary[];
  readonly totals: RunTotals;
}

/** Every finished scenario's metrics under `runDir`, in job order. */
export function collectMetrics(runDir: string, jobs: readonly Job[], trials: number): JsonObject[] {
  return jobs.flatMap((j) => {
    const m = readMetrics(scenarioDir(runDir, j.entry.scenario.name, j.trial, trials));
    return m ? [m] : [];
  });
}

/** `planned`: how many trials the run was asked for (a stopped run has fewer on disk). */
export function writeRunFiles(runDir: string, metrics: readonly JsonObject[], trials: number, planned = metrics.length): SuiteReport {
  const totals = { ...computeTotals(metrics, trials), planned_trials: planned };
  const scenarios = metrics.map(summarize);
  const report: SuiteReport = { scenarios, totals };
  writeFileAtomic(join(runDir, ALL_METRICS_FILE), cappedAllMetricsText(metrics, MAX_METRICS_ENTRY_BYTES) + "\n");
  writeFileAtomic(join(runDir, SUMMARY_FILE), toJsonText(report as unknown as JsonValue, 2) + "\n");
  writeFileAtomic(join(runDir, SUMMARY_TEXT_FILE), formatSummaryText(totals));
  return report;
}
