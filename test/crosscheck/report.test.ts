/**
 * The report's three forms: findings with their smallest example, known
 * divergences listed apart, and the verdict that decides the exit code.
 */
import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/crosscheck/findings.js";
import type { CrosscheckReport } from "../../src/crosscheck/report.js";
import { consoleText, familyLines, markdownText } from "../../src/crosscheck/report.js";
import { QUICK } from "../../src/crosscheck/sizes.js";

const calls = Array.from({ length: 9 }, (_, i) => ({ side: "agent", name: `Tool${i}`, args: `{"n":${i}}` }));
const finding: Finding = { family: "calls", key: "eva_airline RebookFlightTool: state agent | reservations.*.bags_checked", domain: "eva_airline", count: 16, example: { scenario: "eva_airline__1.1.2", calls, reference: "ok", evalsim: "ok", fields: { agent: ["reservations.X.bags_checked"] } } };
const known: Finding = { family: "scoring", key: "check_if_task_success: generated answers (non-dict prediction item)", domain: "all", count: 1, example: { scenario: "generated", calls: [], reference: { result: "<raised TypeError>" }, evalsim: { result: false } }, known: { id: "action-match:non-dict-prediction-item", decision: "Keep" } };

const report = (findings: Finding[]): CrosscheckReport => ({
  reference: "/tmp/ref",
  families: ["calls", "scoring"],
  size: QUICK,
  calls: { eva_airline: { calls: 2000, sessions: 250, mismatching: 16, delivered: 1990, misdelivered: 0, exits: 3, draws: 0 } },
  scoring: { outcomes: 1000, compared: 3617, differing: 1, parts: { _signal_passes: { compared: 500, differing: 0 }, "all_summary.txt": { compared: 0, differing: 0, missing: "runner has no run_dynamic_evaluation" } } },
  findings,
  known: [known],
  exit: findings.length === 0 ? 0 : 1,
});

describe("crosscheck report", () => {
  it("lists the known divergences apart and passes when nothing unexplained differs", () => {
    const text = consoleText(report([]));
    expect(text).toContain("0 unexplained finding group(s)");
    expect(text).toContain("1 known divergence(s), listed apart\n  [scoring] 1× check_if_task_success: generated answers (non-dict prediction item) (known: action-match:non-dict-prediction-item)");
    expect(text.trimEnd().endsWith("nothing unexplained differs")).toBe(true);
    const md = markdownText(report([]));
    expect(md).toMatch(/^## evalsim crosscheck: nothing unexplained differs/);
    expect(md).toContain("### Findings\n\nNone.");
    expect(md).toContain("| scoring | 1 | check_if_task_success: generated answers (non-dict prediction item) | action-match:non-dict-prediction-item |");
  });

  it("shows a finding with its fields and the last calls of a long example, and fails", () => {
    const text = consoleText(report([finding]));
    expect(text).toContain("[calls] 16× eva_airline RebookFlightTool");
    expect(text).toContain("fields (agent): reservations.X.bags_checked");
    expect(text).toContain("… 3 earlier call(s), listed in the JSON report");
    expect(text).toContain("call agent Tool8");
    expect(text).not.toContain("call agent Tool2 ");
    expect(text.trimEnd().endsWith("unexplained differences: exit 1")).toBe(true);
    // A cell's pipe is escaped so the Markdown table keeps its columns.
    expect(markdownText(report([finding]))).toContain("state agent \\| reservations");
  });

  it("says per scoring piece what was compared, and which piece the tree lacks", () => {
    const line = familyLines(report([])).find((l) => l.startsWith("scoring:"));
    expect(line).toBe("scoring: 1000 generated outcomes; 3617 values compared, 1 differ (_signal_passes 0/500, all_summary.txt not compared (runner has no run_dynamic_evaluation))");
  });
});
