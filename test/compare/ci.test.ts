import { describe, expect, it } from "vitest";
import { compareJunit, compareMarkdown } from "../../src/compare/ci.js";
import { COMPARISON } from "./comparison-fixture.js";

describe("compareMarkdown", () => {
  it("heads with the counts, tables the domains and folds the changed scenarios", () => {
    expect(compareMarkdown(COMPARISON)).toBe(
      [
        "### evalsim compare: 1 regressed, 1 errored now, 1 fixed, 0 still failing, 1 still passing",
        "",
        "| domain | base | cand | diff (points) | 95% interval |",
        "| --- | --- | --- | ---: | --- |",
        "| tau2_retail | 75.0% of 4 trials (1 errored) | 75.0% of 4 trials (1 errored) | 0.0 | [-33.3, +33.3] |",
        "",
        "<details open><summary>Changed scenarios (3)</summary>",
        "",
        "| scenario | category | change | reason |",
        "| --- | --- | --- | --- |",
        "| tau2_retail__1 | regressed | passed → failed | DB differs at orders.#W1.status |",
        "| tau2_retail__2 | fixed | failed → passed | base: agent never called exchange_delivered_order_items |",
        "| tau2_retail__3 | errored_now | passed → errored | errored: endpoint gone |",
        "",
        "</details>",
        "",
        '> today differs: "2025-02-25" in base, "2025-03-01" in cand; scenarios that use the date may differ for that reason',
        "",
      ].join("\n"),
    );
  });
});

describe("compareJunit", () => {
  it("fails a regression, errors a scenario that errored now, passes the rest", () => {
    const xml = compareJunit(COMPARISON);
    expect(xml).toContain('<testsuites name="evalsim compare" tests="4" failures="1" errors="1"');
    expect(xml).toContain('<failure type="regressed" message="regressed: passed → failed: DB differs at orders.#W1.status"');
    expect(xml).toContain('<error type="errored_now" message="errored_now: passed → errored: errored: endpoint gone"');
    expect(xml.match(/<testcase /g)).toHaveLength(4);
  });
});
