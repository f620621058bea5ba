/**
 * The reference's tests/unit/test_scenario_field_defaults.py: single-side
 * scenarios (eva_airline, tau2_airline, tau2_retail) carry no DB-state
 * assertions, no initialization actions and no user DB. evalsim's "none" is
 * an empty list and an absent user-side DB. (See also
 * test/domains/single-side-fields.test.ts.)
 */
import { describe, expect, it } from "vitest";
import type { Scenario } from "../../src/engine/scenario.js";
import { entries, entry } from "./catalog.js";

function hasNoDualSideFields(s: Scenario): boolean {
  return s.dbStateAssertions.length === 0 && s.initializationActions.length === 0 && s.initialDbs().user === undefined;
}

describe("single-side scenarios", () => {
  it("test_eva_airline_scenario_has_no_new_fields_populated", () => {
    const name = [...entries().keys()].find((n) => n.startsWith("eva_airline__"))!;
    expect(hasNoDualSideFields(entry(name).scenario)).toBe(true);
  });
  it("test_tau2_airline_scenario_has_no_new_fields_populated", () => {
    expect(hasNoDualSideFields(entry("tau2_airline__0").scenario)).toBe(true);
  });
  it("test_tau2_retail_scenario_has_no_new_fields_populated", () => {
    expect(hasNoDualSideFields(entry("tau2_retail__0").scenario)).toBe(true);
  });
  it("test_no_single_side_scenario_carries_db_state_assertions", () => {
    const offenders = [...entries()]
      .filter(([n]) => !n.startsWith("tau2_telecom__") && !n.startsWith("tau2_telecom_workflow__"))
      .filter(([, e]) => !hasNoDualSideFields(e.scenario))
      .map(([n]) => n);
    expect(offenders).toEqual([]);
  });
});
