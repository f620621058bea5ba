/**
 * The reference's tests/unit/test_normalize_scenario_payload.py: a list of
 * exactly one dict unwraps to that dict, everything else passes through, and
 * the action matcher applies it to both sides.
 */
import { describe, expect, it } from "vitest";
import { normalizeScenarioPayload as normalize } from "../../src/json/scenario-payload.js";
import { checkIfTaskSuccess } from "../../src/scoring/action-match.js";
import type { JsonValue } from "../../src/json/types.js";

describe("list of one dict", () => {
  it("test_list_of_one_dict_unwraps_to_dict", () => {
    expect(normalize([{ actions: [{ name: "rebook" }] }])).toEqual({ actions: [{ name: "rebook" }] });
  });
  it("test_list_of_one_empty_dict_unwraps", () => {
    expect(normalize([{}])).toEqual({});
  });
  it("test_unwrap_makes_tau2_pred_match_tau2_ref", () => {
    const actions = [
      { action_type: "cancel_reservation", arguments: { reservation_id: "XEHM4B" }, side: "agent" },
      { action_type: "cancel_reservation", arguments: { reservation_id: "59XX6W" }, side: "agent" },
    ];
    expect(normalize({ actions })).toEqual(normalize([{ actions }]));
  });
});

describe("other shapes pass through", () => {
  it("test_single_dict_returns_as_is", () => {
    const p = { actions: [{ name: "rebook" }] };
    expect(normalize(p)).toBe(p);
  });
  it("test_empty_dict_returns_as_is", () => {
    expect(normalize({})).toEqual({});
  });
  it("test_list_of_multiple_dicts_returns_as_is", () => {
    const p = [{ action: "first" }, { action: "second" }, { action: "third" }];
    expect(normalize(p)).toBe(p);
  });
  it("test_list_of_two_dicts_does_not_unwrap", () => {
    const p = [{ a: 1 }, { b: 2 }];
    expect(normalize(p)).toBe(p);
  });
  it("test_empty_list_returns_as_is", () => {
    expect(normalize([])).toEqual([]);
  });
  it("test_list_of_non_dict_returns_as_is", () => {
    expect(normalize(["hello"])).toEqual(["hello"]);
    expect(normalize([42])).toEqual([42]);
    expect(normalize([null])).toEqual([null]);
  });
  it("test_none_returns_as_is", () => {
    expect(normalize(null)).toBeNull();
  });
  it("test_scalar_returns_as_is", () => {
    for (const v of ["string", 42, true] as JsonValue[]) expect(normalize(v)).toBe(v);
  });
});

describe("the action matcher", () => {
  it("test_check_if_task_success_still_matches_after_normalization", () => {
    const actions = [{ action_type: "cancel_reservation", arguments: { reservation_id: "XEHM4B" } }];
    expect(checkIfTaskSuccess({ actions }, [{ actions }])).toBe(true);
  });
});
