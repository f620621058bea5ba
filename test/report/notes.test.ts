/**
 * What the report adds to a run's verdicts: the `model_reply` events of the
 * transcript (thinking, a reply cut by its length) on the scenario page, and an
 * imported run's disagreements with the source harness, on the overview and
 * on each scenario's page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { importRun } from "../../src/import/import-run.js";
import type { JsonObject } from "../../src/json/types.js";
import { buildReport } from "../../src/report/build.js";
import { TextTable, trialDetail } from "../../src/report/details.js";
import { readRunFolder, type TrialRecord } from "../../src/results/read-run.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { nemoMetricsRun } from "../import/nemo-metrics-run.js";
import { removeScratch, scratch } from "../run/run-helpers.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-report-notes-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  removeScratch();
});

function trial(metrics: Record<string, unknown>, transcript: readonly object[]): TrialRecord {
  const dir = mkdtempSync(join(root, "trial-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "transcript.jsonl"), transcript.map((e) => JSON.stringify(e)).join("\n") + "\n");
  return { name: "tau2_retail__3", domain: "tau2_retail", bucket: "tau2_retail", trial: 1, status: "failed", metrics: metrics as never, dir };
}

describe("model replies on the scenario page", () => {
  it("each model_reply event carries its line: thinking, a reply cut at its length, dead air", () => {
    const d = trialDetail(
      trial({ status: "failed" }, [
        { type: "message", t: 1, side: "user", text: "hi" },
        { type: "model_reply", t: 2, side: "agent", thinking: "The user wants a refund.", finish_reason: "length" },
        { type: "message", t: 2, side: "agent", text: "Let me" },
        { type: "model_reply", t: 3, side: "agent", reasoning: "Check the order first.", only_thinking: true },
      ]),
      new TextTable(),
    );
    const notes = (d["events"] as JsonObject[]).filter((e) => e["type"] === "model_reply").map((e) => e["note"]);
    expect(notes).toEqual([
      "agent model reply: cut off at its length limit (finish_reason length); thinking, not spoken (24 characters)",
      "agent model reply: only thinking: nothing said, no tool call; reasoning, not spoken (22 characters)",
    ]);
    // The texts themselves stay on the event, for the page to fold under the line.
    expect((d["events"] as JsonObject[])[1]?.["thinking"]).toBe("The user wants a refund.");
    expect(d["imported"]).toBeNull();
  });
});

describe("an imported run in the report", () => {
  it("lists the disagreements with the source harness on the overview, and gives each page both verdicts", async () => {
    // tau2_retail__0 needs writes to pass: with no recorded calls evalsim fails it, where the source said passed.
    const src = nemoMetricsRun("report-import-src", { tau2_retail__0: true, tau2_retail__1: false });
    const r = await importRun({ registry, dataRoot: { flag: FIXTURES }, format: "nemo", path: src, out: scratch("report-import-out"), now: () => new Date(Date.UTC(2026, 2, 1)), workers: 1 });
    const run = readRunFolder(r.runDir);
    const html = buildReport(run);
    expect(html).toContain('<p id="imported-summary">2 imported scenarios: 1 disagrees with the source harness.</p>');
    expect(html).toContain("<summary>Disagreements with the source harness (1)</summary>");
    const row = /<table class="list folded" id="disagreements">.*?<\/table>/s.exec(html)?.[0] ?? "";
    expect(row).toContain("tau2_retail__0");
    expect(row).toContain("imported from nemo (tau2_retail__0): the source harness says passed, evalsim failed: they disagree");
    expect(row).not.toContain("tau2_retail__1");
    const page = (name: string): JsonObject => trialDetail(run.records.find((x) => x.name === name) as TrialRecord, new TextTable());
    expect(page("tau2_retail__0")["imported"]).toEqual({ agrees: false, text: "imported from nemo (tau2_retail__0): the source harness says passed, evalsim failed: they disagree" });
    expect(page("tau2_retail__1")["imported"]).toEqual({ agrees: true, text: "imported from nemo (tau2_retail__1): the source harness and evalsim agree: failed" });
  }, 120_000);

  it("adds nothing to the report of an ordinary run", () => {
    expect(buildReport({ ...readRunFolder(nemoRunless()), records: [] }).includes("imported-summary")).toBe(false);
  });
});

/** A run folder with no scenario: what a report of an ordinary run shows of imports is nothing. */
function nemoRunless(): string {
  const dir = join(root, "eval_empty");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "run_config.json"), "{}");
  writeFileSync(join(dir, "all_metrics.json"), "[]");
  writeFileSync(join(dir, "summary.json"), "{}");
  return dir;
}
