import { describe, expect, it } from "vitest";
import { changeReason, formatComparison, intervalText, rateText, transitionText } from "../../src/compare/format.js";
import { COMPARISON, SCENARIOS } from "./comparison-fixture.js";

const [regressed, fixed, erroredNow, stillPassing] = SCENARIOS as [(typeof SCENARIOS)[0], (typeof SCENARIOS)[0], (typeof SCENARIOS)[0], (typeof SCENARIOS)[0]];

describe("the pieces of a comparison", () => {
  it("a rate says what it counts and keeps errored trials apart", () => {
    expect(rateText({ passed: 3, n: 4, unit: "trials", rate: 0.75, errored: 1 })).toBe("75.0% of 4 trials (1 errored)");
    expect(rateText({ passed: 1, n: 1, unit: "trials", rate: 1, errored: 0 })).toBe("100.0% of 1 trial");
    expect(rateText({ passed: 0, n: 0, unit: "trials", rate: null, errored: 2 })).toBe("N/A (no trials) (2 errored)");
  });

  it("an interval is in signed points", () => {
    expect(intervalText(COMPARISON.domains[0] as never)).toBe("[-33.3, +33.3]");
    expect(intervalText({ ...(COMPARISON.domains[0] as object), interval: null } as never)).toBe("N/A");
  });

  it("a transition reads base → cand", () => {
    expect(transitionText(regressed)).toBe("passed → failed");
    expect(transitionText(erroredNow)).toBe("passed → errored");
    expect(transitionText(stillPassing)).toBe("2/2 passed (1 errored) → 2/2 passed");
    expect(transitionText({ ...regressed, base: null })).toBe("absent → failed");
  });

  it("the reason is the candidate's, or the base's for a fixed scenario", () => {
    expect(changeReason(regressed)).toBe("DB differs at orders.#W1.status");
    expect(changeReason(fixed)).toBe("base: agent never called exchange_delivered_order_items");
    expect(changeReason(stillPassing)).toBe("");
  });
});

describe("formatComparison", () => {
  it("lists what changed first, then the rate table and the warnings", () => {
    expect(formatComparison(COMPARISON, { columns: 200 })).toBe(
      [
        "base: runs/base",
        "cand: runs/cand",
        "",
        "Scenarios: regressed 1, errored now 1, fixed 1, still failing 0, still passing 1",
        "",
        "Regressed (1):",
        "  tau2_retail__1  passed → failed  DB differs at orders.#W1.status",
        "",
        "Errored now (not an agent failure: kept out of the rates) (1):",
        "  tau2_retail__3  passed → errored  errored: endpoint gone",
        "",
        "Fixed (1):",
        "  tau2_retail__2  failed → passed  base: agent never called exchange_delivered_order_items",
        "",
        "Rates over the scenarios in both runs (errored trials are not counted; each rate says what it counts):",
        "  domain                   base                               cand                                  diff  95% interval",
        "  tau2_retail              75.0% of 4 trials (1 errored)      75.0% of 4 trials (1 errored)          0.0  [-33.3, +33.3]",
        "    db_state_match         75.0% of 4 trials                  50.0% of 4 trials                    -25.0",
        "  (interval: paired bootstrap over scenarios of the pass-fraction difference, in points, seed 7)",
        "",
        "Warnings:",
        '  today differs: "2025-02-25" in base, "2025-03-01" in cand; scenarios that use the date may differ for that reason',
        "",
      ].join("\n"),
    );
  });
});
