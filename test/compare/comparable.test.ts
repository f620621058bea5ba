import { describe, expect, it } from "vitest";
import { checkComparable, CompareError } from "../../src/compare/comparable.js";
import type { RunFolder, TrialRecord } from "../../src/results/read-run.js";

const record = (name: string): TrialRecord => ({ name, domain: "tau2_airline", bucket: "tau2_airline", trial: 0, status: "passed", metrics: {}, dir: `/nowhere/${name}` });
const run = (dir: string, config: RunFolder["config"], names: string[]): RunFolder => ({ dir, config, records: names.map(record) });

describe("checkComparable", () => {
  it("refuses runs scored under different options, naming both values", () => {
    expect(() => checkComparable(run("a", { strict_match: true }, ["s1"]), run("b", { strict_match: false }, ["s1"]))).toThrow(
      new CompareError("the runs were scored under different options, so their verdicts are not comparable: strict_match is true in a and false in b"),
    );
    expect(() => checkComparable(run("a", { min_agent_turns: 2 }, ["s1"]), run("b", {}, ["s1"]))).toThrow(/min_agent_turns is 2 in a and \(absent\) in b/);
  });

  it("flags another --today, another scenario set and an empty run", () => {
    const c = checkComparable(run("a", { today: "2025-02-25" }, ["s1", "s2"]), run("b", { today: null }, []));
    expect(c.warnings).toEqual([
      'today differs: "2025-02-25" in base, null in cand; scenarios that use the date may differ for that reason',
      "the scenario sets differ: 2 only in base, 0 only in cand; rates cover the scenarios in both runs",
      "b holds no finished scenario",
    ]);
    expect(c.fixture_differences).toEqual({});
  });

  it("has nothing to say of two runs of the same scenarios under the same options", () => {
    expect(checkComparable(run("a", { today: "2025-02-25" }, ["s1"]), run("b", { today: "2025-02-25" }, ["s1"]))).toEqual({ warnings: [], fixture_differences: {} });
  });
});
