import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import { collectMetrics, writeRunFiles } from "../../../src/run/folder/summary-files.js";
import type { Job } from "../../../src/run/jobs.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-summary-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const job = (name: string, trial: number, index: number): Job => ({ entry: { scenario: { name } } as unknown as CatalogEntry, trial, index });
const metrics = (name: string, trial: number, status: string): string => JSON.stringify({ scenario_name: name, domain: "a", trial, status, is_successful: status === "passed" });

describe("collectMetrics", () => {
  it("reads each finished job's metrics in job order, skipping jobs with no folder (single trial: <scenario>/)", () => {
    const run = join(root, "single");
    for (const name of ["a__2", "a__1"]) mkdirSync(join(run, name), { recursive: true });
    writeFileSync(join(run, "a__2", "metrics.json"), metrics("a__2", 1, "failed"));
    writeFileSync(join(run, "a__1", "metrics.json"), metrics("a__1", 1, "passed"));
    const got = collectMetrics(run, [job("a__1", 1, 0), job("a__3", 1, 1), job("a__2", 1, 2)], 1);
    expect(got.map((m) => m["scenario_name"])).toEqual(["a__1", "a__2"]);
  });

  it("with several trials reads <scenario>/trial_<k>/", () => {
    const run = join(root, "trials");
    mkdirSync(join(run, "a__1", "trial_2"), { recursive: true });
    writeFileSync(join(run, "a__1", "trial_2", "metrics.json"), metrics("a__1", 2, "passed"));
    expect(collectMetrics(run, [job("a__1", 1, 0), job("a__1", 2, 1)], 2).map((m) => m["trial"])).toEqual([2]);
  });
});

describe("writeRunFiles", () => {
  it("writes all_metrics.json, summary.json and all_summary.txt from the metrics alone, with the planned trial count", () => {
    const run = join(root, "files");
    mkdirSync(run);
    const all = [JSON.parse(metrics("a__1", 1, "passed")) as Record<string, unknown>, JSON.parse(metrics("a__2", 1, "failed")) as Record<string, unknown>];
    const report = writeRunFiles(run, all as never, 1, 3);
    expect(readdirSync(run).sort()).toEqual(["all_metrics.json", "all_summary.txt", "summary.json"]);
    expect(readFileSync(join(run, "all_metrics.json"), "utf8")).toBe(JSON.stringify(all, null, 2) + "\n");
    const summary = JSON.parse(readFileSync(join(run, "summary.json"), "utf8")) as { scenarios: { name: string; status: string }[]; totals: Record<string, unknown> };
    expect(summary.scenarios.map((s) => `${s.name} ${s.status}`)).toEqual(["a__1 passed", "a__2 failed"]);
    expect(summary.totals["planned_trials"]).toBe(3);
    expect(summary.totals["success_rate"]).toBe(0.5);
    expect(report.totals.planned_trials).toBe(3);
    expect(readFileSync(join(run, "all_summary.txt"), "utf8").split("\n")[0]).toBe("Scenarios: 2 (passed 1, failed 1, errored 0); partial: 2 of 3 planned trials ran");
  });
});
