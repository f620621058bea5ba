/**
 * The inaction check over the real tau2_retail fixtures: the scenarios gated
 * on db_state_match whose expected DB is the initial DB (counted from the
 * task files: those whose gold actions only read, and task 105, whose only
 * write fails; see data/known-divergences.json).
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { Domain } from "../../src/engine/domain.js";
import type { Scenario } from "../../src/engine/scenario.js";
import type { ValidationContext } from "../../src/engine/data-checks/types.js";
import { domainScenarios } from "../../src/engine/scenario-check.js";
import { loadProvenance } from "../../src/loaders/provenance.js";
import { expectedInitialDefect, INACTION_CHECK, inactionCheck, passesOnInactionDefect } from "../../src/validate/inaction-check.js";
import { FIXTURES } from "../helpers/temp-data.js";

const retail = registry.domain("tau2_retail") as Domain;
const scenarios = domainScenarios(retail, FIXTURES);
const ctxWith = (list: (name: string) => readonly Scenario[]): ValidationContext => ({ dataRoot: FIXTURES, upstreamDir: `${FIXTURES}/upstream`, provenance: loadProvenance(), scenarios: list });

describe("inaction check", () => {
  it("warns about each tau2_retail scenario an agent that changes nothing passes", () => {
    const findings = inactionCheck.run(ctxWith(() => scenarios), [retail]);
    expect(findings.map((f) => f.scenario)).toEqual([10, 12, 24, 25, 50, 57, 62, 65, 67, 68, 105].map((i) => `tau2_retail__${i}`));
    expect(findings[0]).toEqual({
      check: "inaction",
      severity: "warning",
      file: "tau2_retail",
      path: "tau2_retail__10",
      scenario: "tau2_retail__10",
      defect: "tau2_retail:expected-db-is-initial",
      message: "the expected DB equals the initial DB: under db_state_match an agent that changes nothing passes (see evalsim audit)",
    });
  });

  it("says nothing of a declared refusal, nor of a scenario not gated on the DB", () => {
    const s10 = scenarios.find((s) => s.name === "tau2_retail__10") as Scenario;
    const refusal = { ...s10, checks: { mustNotCall: [{ name: "cancel_pending_order" }], mustCall: [] } } as unknown as Scenario;
    const ungated = { ...s10, successSignals: s10.successSignals.filter((g) => g !== "db_state_match") };
    expect(s10.successSignals).toContain("db_state_match");
    expect(inactionCheck.run(ctxWith(() => [s10]), [retail])).toHaveLength(1);
    expect(inactionCheck.run(ctxWith(() => [refusal, ungated]), [retail])).toEqual([]);
  });

  it("skips a domain whose scenarios cannot be built (the layout checks report why)", () => {
    const broken = ctxWith(() => {
      throw new Error("unreadable");
    });
    expect(inactionCheck.run(broken, [retail])).toEqual([]);
  });

  it("names one defect per domain", () => {
    expect(INACTION_CHECK).toBe("inaction");
    expect(expectedInitialDefect("eva_airline")).toBe("eva_airline:expected-db-is-initial");
    expect(passesOnInactionDefect("tau2_telecom")).toBe("tau2_telecom:passes-on-inaction");
  });
});
