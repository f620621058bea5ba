import { describe, expect, it } from "vitest";
import { FindingSet } from "../../src/crosscheck/findings.js";
import { consoleText, markdownText } from "../../src/crosscheck/report.js";
import type { CrosscheckReport } from "../../src/crosscheck/report.js";
import { QUICK } from "../../src/crosscheck/sizes.js";
import type { KnownDivergence } from "../../src/loaders/known-divergences.js";

const call = (args: string): { side: string; name: string; args: string } => ({ side: "agent", name: "CalculateTool", args });
const known: KnownDivergence[] = [{ id: "calculate:ints-past-memory", kind: "tool", what: "w", evidence: "e", decision: "d" }];

describe("finding groups", () => {
  it("count every occurrence, keep the smallest example, and order by family, count and key", () => {
    const set = new FindingSet();
    set.add("calls", "tau2_retail CalculateTool: text", "tau2_retail", { scenario: "s1", calls: [call('{"expression":"1+1+1"}')], reference: "a", evalsim: "b" });
    set.add("calls", "tau2_retail CalculateTool: text", "tau2_retail", { scenario: "s2", calls: [call('{"expression":"1"}')], reference: "a", evalsim: "b" });
    set.add("delivery", "eva_airline X: delivered 2 results", "eva_airline", { scenario: "s3", calls: [], reference: 2, evalsim: 1 });
    set.add("gold", "eva_airline RebookFlightTool: state agent x", "eva_airline", { scenario: "s4", calls: [], reference: 0, evalsim: 1 });
    set.add("calls", "tau2_retail: [known] calculate:ints-past-memory", "tau2_retail", { scenario: "s5", calls: [], reference: "", evalsim: "" }, "calculate:ints-past-memory");
    const list = set.list(known);
    expect(list.map((f) => [f.family, f.count, f.key])).toEqual([
      ["gold", 1, "eva_airline RebookFlightTool: state agent x"],
      ["calls", 2, "tau2_retail CalculateTool: text"],
      ["calls", 1, "tau2_retail: [known] calculate:ints-past-memory"],
      ["delivery", 1, "eva_airline X: delivered 2 results"],
    ]);
    expect(list[1]?.example.scenario).toBe("s2");
    expect(list[2]?.known).toEqual({ id: "calculate:ints-past-memory", decision: "d" });
    expect(set.size()).toBe(5);
  });

  it("an id with no entry in the known divergences does not excuse a finding", () => {
    const set = new FindingSet();
    set.add("calls", "k", "d", { scenario: "s", calls: [], reference: 1, evalsim: 2 }, "no-such-entry");
    expect(set.list(known)[0]?.known).toBeUndefined();
  });
});

describe("report texts", () => {
  const set = new FindingSet();
  set.add("gold", "eva_airline RebookFlightTool: state agent reservations.*.bags_checked", "eva_airline", { scenario: "eva_airline__1_2_3", calls: Array.from({ length: 9 }, (_, i) => call(`{"n":${i}}`)), reference: 0, evalsim: 1, fields: { agent: ["reservations.X.bags_checked"] } });
  const report: CrosscheckReport = { reference: "/ref", families: ["gold"], size: QUICK, gold: { eva_airline: { scenarios: 50, expected: 50, referenceReached: 33, evalsimReached: 50, differing: 17 } }, findings: set.list([]), known: [], exit: 1 };

  it("console: counts per family, each group with its example's last calls and fields", () => {
    const text = consoleText(report);
    expect(text).toContain("gold: 50 scenarios; expected DB reached by the reference 33/50, by evalsim 50/50; end DBs differ in 17");
    expect(text).toContain("[gold] 1× eva_airline RebookFlightTool: state agent reservations.*.bags_checked");
    expect(text).toContain("fields (agent): reservations.X.bags_checked");
    expect(text).toContain("… 3 earlier call(s), listed in the JSON report");
    expect(text).toContain('call agent CalculateTool {"n":8}');
    expect(text).not.toContain('{"n":2}');
    expect(text.trimEnd().endsWith("unexplained differences: exit 1")).toBe(true);
  });

  it("markdown: a findings table with escaped cells and a details block per group", () => {
    const md = markdownText({ ...report, findings: [{ ...(report.findings[0] as CrosscheckReport["findings"][number]), key: "a | b" }] });
    expect(md).toContain("| gold | 1 | a \\| b |  |");
    expect(md).toContain("<details><summary>gold: a \\| b</summary>");
    expect(md).toContain("### Known divergences\n\nNone.");
  });
});
