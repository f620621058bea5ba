/**
 * The reference's tests/unit/test_runner_aggregation.py: a scenario's
 * bucket is its name up to the first "__" (the whole name without one), and
 * per-bucket rates come from the scenarios of that bucket. evalsim's run
 * totals key `by_bucket` that way.
 */
import { describe, expect, it } from "vitest";
import { computeTotals, summarize } from "../../src/run/summary/aggregate.js";

const NAMES: [string, string][] = [
  ["eva_airline__1_1_2", "eva_airline"],
  ["eva_airline__cancellation_refund", "eva_airline"],
  ["customer_service__billing_dispute", "customer_service"],
  ["qa__capital_france", "qa"],
  ["restaurant__pizza_pepperoni", "restaurant"],
  ["fastbite", "fastbite"],
  ["simple_qa_1", "simple_qa_1"],
  ["tau2_airline__0", "tau2_airline"],
  ["tau2_retail__42", "tau2_retail"],
  ["tau2_telecom__some_complex_id", "tau2_telecom"],
  ["tau2_airline__sub__id", "tau2_airline"],
];

const metrics = (results: [string, boolean][]) =>
  results.map(([scenario_name, ok]) => ({ scenario_name, domain: "d", status: ok ? "passed" : "failed", is_successful: ok }));

describe("bucket of a scenario name", () => {
  it.each(NAMES)("test_scenario_name_split_yields_correct_domain[%s]", (name, bucket) => {
    expect(summarize({ scenario_name: name, domain: "d", status: "passed" }).bucket).toBe(bucket);
    expect(Object.keys(computeTotals(metrics([[name, true]]), 1).by_bucket)).toEqual([bucket]);
  });
});

describe("per-bucket rates", () => {
  it("test_aggregate_two_prefixes_split_correctly", () => {
    const t = computeTotals(
      metrics([
        ["eva_airline__1_1_2", true],
        ["eva_airline__1_1_3", false],
        ["tau2_airline__0", true],
        ["tau2_airline__1", true],
      ]),
      1,
    );
    expect(new Set(Object.keys(t.by_bucket))).toEqual(new Set(["eva_airline", "tau2_airline"]));
    expect(t.by_bucket["eva_airline"]).toMatchObject({ scenarios: 2, passed: 1, failed: 1, success_rate: 0.5 });
    expect(t.by_bucket["tau2_airline"]).toMatchObject({ scenarios: 2, passed: 2, success_rate: 1 });
  });
  it("test_aggregate_handles_mixed_singletons_and_prefixed", () => {
    const t = computeTotals(
      metrics([
        ["eva_airline__1_1_2", true],
        ["fastbite", false],
        ["simple_qa_1", true],
        ["simple_qa_2", true],
      ]),
      1,
    );
    expect(new Set(Object.keys(t.by_bucket))).toEqual(new Set(["eva_airline", "fastbite", "simple_qa_1", "simple_qa_2"]));
    expect(t.by_bucket["eva_airline"]!.success_rate).toBe(1);
    expect(t.by_bucket["fastbite"]!.success_rate).toBe(0);
    expect(t.by_bucket["simple_qa_1"]!.success_rate).toBe(1);
    expect(t.by_bucket["simple_qa_2"]!.success_rate).toBe(1);
  });
  it("test_aggregate_only_one_domain_is_legal", () => {
    const t = computeTotals(
      metrics([
        ["eva_airline__a", true],
        ["eva_airline__b", true],
      ]),
      1,
    );
    expect(Object.keys(t.by_bucket)).toEqual(["eva_airline"]);
  });
});
