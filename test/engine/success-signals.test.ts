/**
 * The reference's success-signal tests (tests/unit/test_runner_is_successful.py),
 * translated: a scenario must gate on a non-empty list of known signals, and
 * only whitelisted signals decide `is_successful`. Titles open with the
 * reference's test names (docs/reference-cases.md counts them from there).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import type { Scenario, SuccessSignal } from "../../src/engine/scenario.js";
import { checkedScenario, ScenarioDefinitionError, SUCCESS_SIGNALS } from "../../src/engine/scenario.js";
import { scoreScenario } from "../../src/scoring/signals.js";
import { toolDomain } from "../helpers/tool-domain.js";

function minimalScenario(name: string, successSignals: readonly string[]): Scenario {
  return {
    name,
    bucket: "test",
    domain: "test",
    upstreamId: name,
    description: "",
    successSignals: successSignals as readonly SuccessSignal[],
    today: "2025-01-01",
    todayFromClock: false,
    initialDbs: () => ({}),
    initializationActions: [],
    dbStateAssertions: [],
    nlAssertions: [],
    goldCalls: () => [],
    shippedExpectedDb: () => undefined,
    agentPrompt: () => "a",
    userPrompt: () => "u",
    user: { opening: "", goal: "", knownInfo: "", unknownInfo: "", instructions: "" },
    labels: {},
  };
}

describe("success signals at definition time", () => {
  it("test_concrete_scenario_without_success_signals_raises: a scenario without signals is refused", () => {
    expect(() => checkedScenario(minimalScenario("test__missing", undefined as unknown as string[]))).toThrow(/success_signals must be a non-empty list/);
  });

  it("test_concrete_scenario_with_empty_tuple_raises: an empty list is refused too (it would score nothing)", () => {
    expect(() => checkedScenario(minimalScenario("test__empty", []))).toThrow(ScenarioDefinitionError);
    expect(() => checkedScenario(minimalScenario("test__empty", []))).toThrow("scenario 'test__empty': success_signals must be a non-empty list");
  });

  it("test_unknown_signal_in_whitelist_raises: an unknown signal is refused when the scenario is defined, naming it and the valid ones", () => {
    expect(() => checkedScenario(minimalScenario("test__bogus", ["is_action_match", "fake_signal_name"]))).toThrow(
      "scenario 'test__bogus': success_signals contains unknown signal(s) fake_signal_name; valid signals: clean_exit, db_state_assertion, db_state_match, is_action_match, judge_passed, nl_assertion",
    );
  });

  it("test_unknown_signal_in_whitelist_raises: scoring refuses an unknown or empty whitelist as compute_is_successful does", () => {
    expect(() => scoreScenario(["is_action_match", "fake_signal_name"] as unknown as SuccessSignal[], { isActionMatch: true, cleanExit: true }, false)).toThrow(/unknown/);
    expect(() => scoreScenario([], { isActionMatch: true, cleanExit: true }, false)).toThrow(/non-empty/);
  });

  it("a plugin domain whose scenario has no signals fails when its catalog loads", () => {
    const plugin = { ...toolDomain({ name: "plugin", agent: [], unknownArgs: "drop", argumentError: () => null, dbNotInitialized: () => null }), scenarios: () => [minimalScenario("plugin__1", [])] };
    const root = mkdtempSync(join(tmpdir(), "evalsim-signals-"));
    mkdirSync(join(root, "plugin"));
    try {
      expect(() => loadCatalog({ domains: [plugin], domain: () => plugin }, { flag: root })).toThrow("scenario 'plugin__1': success_signals must be a non-empty list");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("test_retail_style_cached_property_derives_from_nl_assertions: tau2_retail gates on nl_assertion exactly when the task has NL assertions (the reference's retail rule)", () => {
    const retail = registry.domains.filter((d) => d.name === "tau2_retail");
    const entries = loadCatalog(registry, {}, retail).entries;
    const wrong = entries.filter((e) => e.scenario.successSignals.includes("nl_assertion") !== e.scenario.nlAssertions.length > 0).map((e) => e.scenario.name);
    expect(wrong).toEqual([]);
    expect(entries.filter((e) => e.scenario.nlAssertions.length > 0).length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.scenario.nlAssertions.length === 0).length).toBeGreaterThan(0);
    for (const e of entries) expect(e.scenario.successSignals.filter((s) => s !== "nl_assertion")).toEqual(["db_state_match", "clean_exit"]);
  });

  it("test_every_concrete_scenario_includes_clean_exit: every built-in scenario gates on clean_exit", () => {
    const missing = loadCatalog(registry, {}).entries.filter((e) => !e.scenario.successSignals.includes("clean_exit")).map((e) => e.scenario.name);
    expect(missing).toEqual([]);
  });
});

describe("the composite verdict", () => {
  it("test_compute_returns_na_when_no_whitelisted_signal_applicable: is N/A when no whitelisted signal applies", () => {
    expect(scoreScenario(["judge_passed"], { isActionMatch: "N/A", cleanExit: true }, false).is_successful).toBe("N/A");
  });

  it("test_compute_returns_true_when_all_applicable_pass: is true when every applicable whitelisted signal passes", () => {
    const s = scoreScenario(["db_state_match", "nl_assertion"], { isActionMatch: "N/A", dbState: { expectedHash: "h", actualHash: "h" }, nlVerdicts: [{ passed: true }], cleanExit: false }, false);
    expect(s.is_successful).toBe(true);
  });

  it("test_compute_returns_false_when_any_applicable_fails: is false when any whitelisted signal fails", () => {
    const failing = scoreScenario(["db_state_match", "nl_assertion"], { isActionMatch: true, dbState: { expectedHash: "h", actualHash: "h" }, nlVerdicts: [{ passed: false }], judgePassed: true, cleanExit: true }, false);
    expect(failing.is_successful).toBe(false);
  });

  it("test_non_whitelisted_signal_values_dont_affect_verdict: signals outside the whitelist do not count", () => {
    const excludedFail = scoreScenario(["db_state_match"], { isActionMatch: false, dbState: { expectedHash: "h", actualHash: "h" }, judgePassed: false, cleanExit: false }, false);
    expect(excludedFail.is_successful).toBe(true);
    expect(excludedFail.success_breakdown.excluded).toEqual(["is_action_match", "judge_passed", "clean_exit"]);
  });

  it("test_clean_exit_gates_when_in_whitelist: a matching DB without a clean exit fails", () => {
    const inputs = { isActionMatch: "N/A" as const, dbState: { expectedHash: "h", actualHash: "h" } };
    expect(scoreScenario(["db_state_match", "clean_exit"], { ...inputs, cleanExit: false }, false).is_successful).toBe(false);
    expect(scoreScenario(["db_state_match", "clean_exit"], { ...inputs, cleanExit: true }, false).is_successful).toBe(true);
  });
});

describe("signal names", () => {
  it("test_strenum_members_serialize_to_canonical_keys: the metrics keys are the reference's", () => {
    expect(SUCCESS_SIGNALS).toEqual(expect.arrayContaining(["is_action_match", "db_state_match", "db_state_assertion", "nl_assertion", "judge_passed"]));
  });
});
