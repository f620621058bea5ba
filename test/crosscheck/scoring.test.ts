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

async function scoring(turnRule: "<" | "<="): Promise<{ code: number; findings: Finding[] }> {
  const tree = buildStandIn({ turnRule });
  made.push(tree);
  const json = join(tree, "report.json");
  const r = await runCli(["crosscheck", "--reference", tree, "--only", "scoring", "--quick", "--json", json]);
  expect(r.stderr).not.toMatch(/error/i);
  return { code: r.code, findings: (JSON.parse(readFileSync(json, "utf8")) as { findings: Finding[] }).findings };
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

  it("passes the aggregator that compares with <", async () => {
    const { code, findings } = await scoring("<");
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});
