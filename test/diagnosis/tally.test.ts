/** Failures counted by diagnosis kind and by tool, in the run summary and in its text. */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/json/types.js";
import { failureKindsText, tallyDiagnoses } from "../../src/diagnosis/tally.js";
import type { Diagnosis } from "../../src/diagnosis/types.js";
import { computeTotals, formatSummaryText } from "../../src/run/summary/aggregate.js";

const call = (name: string) => ({ name, side: "agent" as const, arguments: {} });
const wrongFlights: Diagnosis = { kind: "wrong_arguments", step: 2, turn: 4, call: call("UpdateReservationFlightsTool"), expected: call("UpdateReservationFlightsTool"), argument: { path: "flights[0].date", expected: "2024-05-20", got: "2024-05-21" } };
const wrongCabin: Diagnosis = { ...wrongFlights, argument: { path: "cabin", expected: "business", got: "economy" } };
const extra: Diagnosis = { kind: "extra_write", step: 1, turn: 2, call: call("CancelReservationTool"), expected: null };
const missing: Diagnosis = { kind: "missing_write", step: null, turn: null, call: null, expected: call("BookReservationTool") };
const none: Diagnosis = { kind: "no_failure_in_calls", step: null, turn: null, call: null, expected: null };

describe("tallyDiagnoses", () => {
  it("counts by kind in the kinds' order, and within a kind by tool (and argument), most first", () => {
    const t = tallyDiagnoses([extra, wrongCabin, wrongFlights, missing, wrongFlights, none]);
    expect(Object.keys(t)).toEqual(["missing_write", "wrong_arguments", "extra_write", "no_failure_in_calls"]);
    expect(t.wrong_arguments).toEqual({ count: 3, where: { "UpdateReservationFlightsTool.flights": 2, "UpdateReservationFlightsTool.cabin": 1 } });
    expect(t.no_failure_in_calls).toEqual({ count: 1, where: {} });
    expect(failureKindsText(t)).toBe("1 missing_write (in BookReservationTool), 3 wrong_arguments (2 of them in UpdateReservationFlightsTool.flights), 1 extra_write (in CancelReservationTool), 1 no_failure_in_calls");
  });
});

describe("the run summary", () => {
  const metrics = (name: string, status: string, diagnosis?: Diagnosis): JsonObject => ({
    scenario_name: name,
    domain: "d",
    trial: 1,
    status,
    is_successful: status === "passed",
    success_breakdown: { passed: [], failed: status === "passed" ? [] : ["db_state_match"], not_applicable: [], excluded: [] },
    ...(diagnosis ? { diagnosis: diagnosis as unknown as JsonObject } : {}),
  });

  it("counts failures by kind when some trial carries a diagnosis, and says nothing of them otherwise", () => {
    const t = computeTotals([metrics("d__1", "failed", wrongFlights), metrics("d__2", "failed", wrongFlights), metrics("d__3", "passed")], 1);
    expect(t.failure_kinds).toEqual({ wrong_arguments: { count: 2, where: { "UpdateReservationFlightsTool.flights": 2 } } });
    expect(formatSummaryText(t)).toContain("\nFailures by kind: 2 wrong_arguments (all in UpdateReservationFlightsTool.flights)\n");
    const clean = computeTotals([metrics("d__1", "passed"), metrics("d__2", "failed")], 1);
    expect(clean).not.toHaveProperty("failure_kinds");
    expect(formatSummaryText(clean)).not.toContain("Failures by kind");
  });
});
