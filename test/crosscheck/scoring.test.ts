/**
 * The scoring family against a stand-in reference tree: a run aggregator
 * that counts an agent with exactly `min_agent_turns` answers as stalled
 * (`<=` for `<`) is flagged by that family, naming the rule and an outcome
 * that alone shows it; the same tree with `<` is not.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { buildStandIn } from "./stand-in.js";

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Finding {
  family: string;
  key: string;
  example: { evalsim: { outcome: { agent_turns: number; min_agent_turns: number } } };
}

interface Report {
  findings: Finding[];
  scoring: { parts: Record<string, { compared: number; differing: number; missing?: string }> };
}

async function scoring(turnRule: "<" | "<=", passRule: ">=" | ">" = ">="): Promise<{ code: number; findings: Finding[]; report: Report }> {
  const tree = buildStandIn({ turnRule, passRule });
  made.push(tree);
  const json = join(tree, "report.json");
  const r = await runCli(["crosscheck", "--reference", tree, "--only", "scoring", "--quick", "--json", json]);
  expect(r.stderr).not.toMatch(/error/i);
  const report = JSON.parse(readFileSync(json, "utf8")) as Report;
  return { code: r.code, findings: report.findings, report };
}

describe("crosscheck scoring family", () => {
  it("flags min_agent_turns compared with <=, with an agent of exactly that many turns as the example", async () => {
    const { code, findings } = await scoring("<=");
    expect(code).toBe(1);
    expect(findings.every((f) => f.family === "scoring")).toBe(true);
    const turns = findings.find((f) => f.key === "RunAggregator.add_scenario (min_agent_turns 3): insufficient_agent_turns");
    expect(turns?.example.evalsim.outcome).toMatchObject({ agent_turns: 3, min_agent_turns: 3 });
    // With the rule off nothing is skipped, so nothing differs there.
    expect(findings.some((f) => f.key.includes("min_agent_turns 0"))).toBe(false);
  }, 60_000);

  it("passes the aggregator that compares with <, and says which pieces the tree lacks", async () => {
    const { code, findings, report } = await scoring("<");
    expect(findings).toEqual([]);
    expect(code).toBe(0);
    expect(report.scoring.parts["_signal_passes"]).toMatchObject({ differing: 0 });
    expect(report.scoring.parts["_signal_passes"]?.compared).toBeGreaterThan(20);
    // The stand-in has no check_if_task_success and its runner writes no summary: reported, not compared.
    expect(report.scoring.parts["check_if_task_success"]?.missing).toMatch(/check_if_task_success/);
    expect(report.scoring.parts["all_summary.txt"]?.missing).toMatch(/all_summary\.txt/);
    expect(report.scoring.parts["db_state_predicates"]?.missing).toMatch(/evaluate_db_state_assertion/);
  }, 60_000);

  it("flags a runner whose _signal_passes lets a pass rate pass only above 1.0, naming the value", async () => {
    const { code, findings } = await scoring("<", ">");
    expect(code).toBe(1);
    const ints = findings.find((f) => f.key === "_signal_passes: int value") as unknown as { example: { reference: { value: unknown; result: unknown }; evalsim: { result: unknown } } } | undefined;
    expect(ints?.example.reference).toEqual({ value: 1, result: false });
    expect(ints?.example.evalsim.result).toBe(true);
    // Only that rule differs: the aggregation of the same outcomes agrees.
    expect(findings.every((f) => f.key.startsWith("_signal_passes"))).toBe(true);
  }, 60_000);
});
