import { describe, expect, it } from "vitest";
import { scoreScenario, signalPasses } from "../../src/scoring/signals.js";

// Semantics from the reference runner (HARNESS.md §7.1, §7.2).
describe("scoring", () => {
  it("signal passes: None/N/A not applicable, numbers gate only at 1.0", () => {
    expect(signalPasses("N/A")).toBeNull();
    expect(signalPasses(undefined)).toBeNull();
    expect(signalPasses(0.99)).toBe(false);
    expect(signalPasses(1)).toBe(true);
  });

  it("gates on whitelisted signals only and lists the rest as excluded", () => {
    const s = scoreScenario(["db_state_match", "clean_exit"], { isActionMatch: false, dbState: { expectedHash: "a", actualHash: "a" }, cleanExit: true }, false);
    expect(s.is_successful).toBe(true);
    expect(s.success_breakdown).toEqual({ passed: ["db_state_match", "clean_exit"], failed: [], not_applicable: [], excluded: ["is_action_match"] });
    expect(s.is_task_successful).toBe(true);
  });

  it("a missing actual hash is a failed DB match; a failed clean exit still leaves the task successful", () => {
    const s = scoreScenario(["db_state_match", "clean_exit"], { isActionMatch: "N/A", dbState: { expectedHash: "a", actualHash: null }, cleanExit: false }, false);
    expect(s.db_state_match).toBe(false);
    expect(s.is_successful).toBe(false);
    expect(s.is_task_successful).toBe(false);
    const t = scoreScenario(["db_state_match", "clean_exit"], { isActionMatch: "N/A", dbState: { expectedHash: "a", actualHash: "a" }, cleanExit: false }, false);
    expect(t.is_successful).toBe(false);
    expect(t.is_task_successful).toBe(true);
  });

  it("NL assertions without a judge are not applicable, never failures", () => {
    const s = scoreScenario(["db_state_match", "nl_assertion", "clean_exit"], { isActionMatch: "N/A", dbState: { expectedHash: "a", actualHash: "a" }, cleanExit: true }, false);
    expect(s.success_breakdown.not_applicable).toEqual(["nl_assertion"]);
    expect(s.is_successful).toBe(true);
  });

  it("insufficient agent turns force both composites to false", () => {
    const s = scoreScenario(["clean_exit"], { isActionMatch: "N/A", cleanExit: true }, true);
    expect(s.is_successful).toBe(false);
    expect(s.is_task_successful).toBe(false);
    expect(s.insufficient_agent_turns).toBe(true);
  });

  it("N/A when no whitelisted signal has a value", () => {
    const s = scoreScenario(["nl_assertion"], { isActionMatch: "N/A", cleanExit: true }, false);
    expect(s.is_successful).toBe("N/A");
    expect(s.is_task_successful).toBeUndefined();
  });
});
