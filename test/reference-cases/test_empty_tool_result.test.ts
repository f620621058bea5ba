/**
 * The reference's tests/unit/test_empty_tool_result.py: an empty tool result
 * reaches the model as an explicit envelope (pipecat would otherwise show it
 * "COMPLETED"), exactly once, while gold replay keeps the raw value.
 * Envelope texts are the reference's `_normalize_empty_result`.
 */
import { describe, expect, it } from "vitest";
import { deliveredResult, toolMessage } from "../../src/engine/bots/llm-context.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { tau2Telecom } from "../../src/domains/tau2_telecom/index.js";
import type { JsonValue } from "../../src/json/types.js";
import type { Obj } from "./helpers.js";

describe("_normalize_empty_result", () => {
  it("test_empty_list_is_wrapped_non_falsy", () => {
    expect(deliveredResult([])).toEqual({ status: "success", results: [], count: 0, message: "No matching records found." });
  });
  it("test_empty_dict_is_wrapped_non_falsy", () => {
    expect(deliveredResult({})).toEqual({ status: "success", results: {}, message: "No matching records found." });
  });
  it("test_none_empty_string_and_zero_are_wrapped_preserving_value", () => {
    for (const falsy of [null, "", 0, false] as JsonValue[]) {
      expect(deliveredResult(falsy)).toEqual({ status: "success", result: falsy, message: "Completed with no data returned." });
    }
  });
  it("test_non_empty_results_pass_through_unchanged", () => {
    const lst = [{ customer_id: "C1001" }];
    expect(deliveredResult(lst)).toBe(lst);
    const d = { status: "success", user_id: "u1" };
    expect(deliveredResult(d)).toBe(d);
    expect(deliveredResult("Roaming enabled.")).toBe("Roaming enabled.");
  });
});

describe("through the telecom customer lookup", () => {
  const db = { customers: [{ customer_id: "C1001", full_name: "John Smith", date_of_birth: "1985-06-15" }] };
  const call = (args: Obj) =>
    dispatch(tau2Telecom, initialRunState({ agent: structuredClone(db) }), "agent", { name: "get_customer_by_name", arguments: args }, { today: "2025-02-25", rng: createRng(0) });
  it("test_no_match_call_emits_non_falsy_not_completed", () => {
    const msg = toolMessage("call_1", call({ full_name: "john smith", dob: "1980-01-01" }).result);
    const delivered = JSON.parse(msg.content) as Obj;
    expect(delivered).toEqual({ status: "success", results: [], count: 0, message: "No matching records found." });
  });
  it("test_invoke_still_returns_raw_empty_list_for_gold_replay", () => {
    expect(call({ full_name: "john smith", dob: "1980-01-01" }).result).toEqual([]);
  });
  it("test_match_call_passes_customer_view_through", () => {
    const msg = toolMessage("call_1", call({ full_name: "John Smith", dob: "1985-06-15" }).result);
    const delivered = JSON.parse(msg.content) as Obj[];
    expect(Array.isArray(delivered)).toBe(true);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.customer_id).toBe("C1001");
  });
});
