/**
 * The reference's tests/unit/test_db_state_assertions.py: the assertion
 * evaluator on a synthetic domain's predicates. evalsim's registry is the
 * domain value's `predicates` object; the evaluator's "Available: [...]" list
 * shows what a domain registered.
 */
import { describe, expect, it } from "vitest";
import { evaluateDbStateAssertion } from "../../src/engine/assertions.js";
import type { Predicate } from "../../src/engine/domain.js";
import type { JsonObject } from "../../src/json/types.js";

const ORIGIN = { domain: "_test_db_state_assertions_synthetic_domain", module: "tests.synthetic" };
const assertCountEquals: Predicate = (db, args) => db["count"] === args["expected"];
const assertStatusEquals: Predicate = (db, args) => db["status"] === args["expected_status"];
const ONE = { assert_count_equals: assertCountEquals };
const TWO = { assert_count_equals: assertCountEquals, assert_status_equals: assertStatusEquals };
const evaluate = (a: Record<string, unknown>, db: JsonObject | null, user: JsonObject | null, preds: Record<string, Predicate> = TWO) =>
  evaluateDbStateAssertion(a as Record<string, never>, db, user, preds, ORIGIN);
const unknownName = { side: "user", func_name: "assert_nothing_by_this_name", arguments: {}, assert_value: true };

class RuntimeError extends Error {
  override name = "RuntimeError";
}

describe("registration (the domain's predicates object)", () => {
  it("test_register_predicate_lands_in_registry", () => {
    expect(evaluate(unknownName, null, {}, ONE).error).toContain("Available: ['assert_count_equals'].");
  });
  it("test_register_two_predicates_same_domain", () => {
    expect(evaluate(unknownName, null, {}, TWO).error).toContain("Available: ['assert_count_equals', 'assert_status_equals'].");
  });
});

describe("dispatch", () => {
  it("test_evaluate_passed_true_when_predicate_matches_assert_value", () => {
    const v = evaluate({ side: "user", func_name: "assert_count_equals", arguments: { expected: 5 }, assert_value: true }, null, { count: 5 });
    expect(v.passed).toBe(true);
    expect(v.actual).toBe(true);
    expect(v.expected).toBe(true);
    expect(v.error).toBeNull();
    expect(Object.keys(v).sort()).toEqual(["actual", "error", "expected", "func_name", "message", "passed", "side"]);
  });
  it("test_evaluate_passed_false_when_assert_value_is_false_and_predicate_returns_false", () => {
    const v = evaluate({ side: "user", func_name: "assert_count_equals", arguments: { expected: 5 }, assert_value: false }, null, { count: 5 });
    expect(v.passed).toBe(false);
    expect(v.actual).toBe(true);
  });
  it("test_evaluate_agent_side_uses_db_not_user_db", () => {
    const a = { side: "agent", func_name: "assert_status_equals", arguments: { expected_status: "active" }, assert_value: true };
    const v = evaluate(a, { status: "active" }, { status: "inactive" });
    expect(v.passed).toBe(true);
    expect(v.actual).toBe(true);
  });
});

describe("failure modes give error verdicts", () => {
  it("test_evaluate_missing_predicate_returns_error_verdict", () => {
    const v = evaluate({ side: "user", func_name: "assert_does_not_exist", arguments: {}, assert_value: true }, null, { count: 1 });
    expect(v.passed).toBe(false);
    expect(v.error).toContain("No predicate");
    expect(v.error).toContain("assert_does_not_exist");
  });
  it("test_evaluate_unknown_side_returns_error_verdict", () => {
    const v = evaluate({ side: "robot", func_name: "assert_count_equals", arguments: { expected: 1 }, assert_value: true }, null, { count: 1 });
    expect(v.passed).toBe(false);
    expect(v.error).toContain("Unknown side");
  });
  it("test_evaluate_missing_user_db_returns_error_verdict", () => {
    const v = evaluate({ side: "user", func_name: "assert_count_equals", arguments: { expected: 1 }, assert_value: true }, { count: 1 }, null);
    expect(v.passed).toBe(false);
    expect(v.error).toContain("user DB");
  });
  it("test_evaluate_predicate_raising_exception_returns_error_verdict", () => {
    const explodes: Predicate = () => {
      throw new RuntimeError("synthetic failure");
    };
    const v = evaluate({ side: "user", func_name: "assert_explodes", arguments: {}, assert_value: true }, null, { x: 1 }, { assert_explodes: explodes });
    expect(v.passed).toBe(false);
    expect(v.error).toContain("Predicate raised");
    expect(v.error).toContain("RuntimeError");
    expect(v.error).toContain("synthetic failure");
  });
});
