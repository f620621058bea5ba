/**
 * The reference's scenario-field case (tests/unit/test_scenario_field_defaults.py):
 * only the dual-side telecom scenarios carry DB-state assertions or
 * initialization actions; eva, tau2_airline and tau2_retail carry none.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog } from "../../src/engine/catalog.js";

describe("single-side scenarios", () => {
  const entries = loadCatalog(registry, {}).entries;

  it("have no db_state assertions and no initialization actions", () => {
    const offenders = entries
      .filter((e) => !/^tau2_telecom(_workflow)?__/.test(e.scenario.name))
      .filter((e) => e.scenario.dbStateAssertions.length > 0 || e.scenario.initializationActions.length > 0)
      .map((e) => e.scenario.name);
    expect(offenders).toEqual([]);
  });

  it("while the telecom ones do (every telecom task asserts the phone's state)", () => {
    const telecom = entries.filter((e) => /^tau2_telecom(_workflow)?__/.test(e.scenario.name));
    expect(telecom).toHaveLength(228);
    expect(telecom.filter((e) => e.scenario.dbStateAssertions.length === 0).map((e) => e.scenario.name)).toEqual([]);
  });
});
