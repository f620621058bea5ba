import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/json/types.js";
import { checkIfTaskSuccess, isClose, matchItem } from "../../src/scoring/action-match.js";
import { pyFloatOrUndefined } from "../../src/python/number.js";

// Expected outcomes follow check_if_task_success / match_* in the reference's utils.py (HARNESS.md §7.4).
describe("action-match comparator", () => {
  const rec = (name: string, args: JsonObject): JsonObject => ({ action_type: name, name, arguments: args, side: "agent" });

  it("an empty reference always matches", () => {
    expect(checkIfTaskSuccess({ actions: [] }, [{ actions: [rec("x", {})] }])).toBe(true);
  });

  it("matches order-free with extras allowed, greedily", () => {
    const ref = { actions: [rec("a", { id: 1 }), rec("b", { id: 2 })] };
    expect(checkIfTaskSuccess(ref, [{ actions: [rec("c", {}), rec("b", { id: 2 }), rec("a", { id: 1 })] }])).toBe(true);
    expect(checkIfTaskSuccess(ref, [{ actions: [rec("a", { id: 1 })] }])).toBe(false);
  });

  it("strict mode checks only the top-level length (1 vs 1 for tau2 payloads)", () => {
    const ref = { actions: [rec("a", {})] };
    expect(checkIfTaskSuccess(ref, [{ actions: [rec("a", {}), rec("b", {})] }], { disallowExtraItems: true })).toBe(true);
    expect(checkIfTaskSuccess([{ a: 1 }, { b: 2 }], [{ a: 1 }], { disallowExtraItems: true })).toBe(false);
  });

  it("keeps only the last prediction when the reference has one element", () => {
    expect(checkIfTaskSuccess({ x: 1 }, [{ x: 1 }, { x: 2 }])).toBe(false);
    expect(checkIfTaskSuccess({ x: 2 }, [{ x: 1 }, { x: 2 }])).toBe(true);
  });

  it("compares numbers with numpy.isclose when float() accepts both", () => {
    expect(matchItem(100, "100", {})).toBe(true);
    expect(matchItem(0.1 + 0.2, 0.3, {})).toBe(true);
    expect(matchItem(1, true, {})).toBe(true);
    expect(matchItem(" 1_000 ", 1000, {})).toBe(true);
    expect(isClose(1e9, 1e9 + 1)).toBe(true);
    expect(isClose(NaN, NaN)).toBe(false);
  });

  it("falls back to str(): a numeric reference compares as its float text", () => {
    expect(matchItem(true, "True", {})).toBe(false); // "1.0" vs "True"
    expect(matchItem(null, "None", {})).toBe(true);
    expect(matchItem("Abc!", "abc", { ignoreCapitalization: true, ignorePunctuation: true })).toBe(true);
    expect(matchItem("Abc", "abc", {})).toBe(false);
  });

  it("python float() parsing", () => {
    expect(pyFloatOrUndefined("inf")).toBe(Infinity);
    expect(pyFloatOrUndefined("1e3")).toBe(1000);
    expect(pyFloatOrUndefined("abc")).toBeUndefined();
    expect(pyFloatOrUndefined(null)).toBeUndefined();
  });
});
