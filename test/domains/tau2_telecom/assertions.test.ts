/**
 * The two dispatchers on their own. Expected strings and verdicts for the telecom
 * registries come from running the reference's evaluate_db_state_assertion and
 * apply_initialization_actions (db_state_predicates.py, initialization_functions.py)
 * on the same inputs; the small synthetic registries check the dispatch rules the
 * reference code spells out (record order, no rollback, Python `==`, never raising).
 * Full-registry cases live in predicates.test.ts and init-functions.test.ts.
 */
import { describe, expect, it } from "vitest";
import { applyInitializationActions, evaluateDbStateAssertion } from "../../../src/engine/assertions.js";
import { TELECOM_INIT_ORIGIN, TELECOM_PREDICATE_ORIGIN } from "../../../src/domains/tau2_telecom/origins.js";
import { telecomInitFunctions } from "../../../src/domains/tau2_telecom/init-functions.js";
import { telecomPredicates } from "../../../src/domains/tau2_telecom/predicates.js";
import type { InitFunction, Predicate } from "../../../src/engine/domain.js";

const TODAY = { today: "2025-02-25" };
const verdict = (over: Record<string, unknown>): Record<string, unknown> => ({
  func_name: "assert_no_overdue_bill",
  side: "agent",
  passed: false,
  expected: true,
  actual: null,
  message: null,
  error: null,
  ...over,
});

describe("evaluateDbStateAssertion", () => {
  const noOverdue = { side: "agent", func_name: "assert_no_overdue_bill", arguments: { overdue_bill_id: "B1" }, assert_value: true };

  it("treats an empty DB as present", () => {
    expect(evaluateDbStateAssertion(noOverdue, {}, null, telecomPredicates, TELECOM_PREDICATE_ORIGIN)).toEqual(
      verdict({ passed: true, actual: true }),
    );
    expect(
      evaluateDbStateAssertion(
        { side: "user", func_name: "assert_mobile_data_status", arguments: { expected_status: true }, assert_value: true },
        null,
        {},
        telecomPredicates,
        TELECOM_PREDICATE_ORIGIN,
      ),
    ).toEqual(
      verdict({ func_name: "assert_mobile_data_status", side: "user", error: "Predicate raised: KeyError: 'device'" }),
    );
  });

  it("names the domain and lists the registry for an unknown predicate", () => {
    const a = { side: "user", func_name: "assert_happy", arguments: {}, assert_value: true };
    expect(evaluateDbStateAssertion(a, {}, {}, telecomPredicates, TELECOM_PREDICATE_ORIGIN).error).toBe(
      "No predicate 'assert_happy' registered under domain='tau2_telecom'. Available: ['assert_can_send_mms', 'assert_data_refueling_amount', 'assert_internet_speed', 'assert_mobile_data_status', 'assert_no_overdue_bill', 'assert_service_status'].",
    );
  });

  it("compares with Python ==, so 1 equals True", () => {
    const always: Record<string, Predicate> = { p: () => true };
    const origin = { domain: "d", module: "m" };
    expect(evaluateDbStateAssertion({ side: "agent", func_name: "p", assert_value: 1 }, {}, null, always, origin).passed).toBe(true);
    expect(evaluateDbStateAssertion({ side: "agent", func_name: "p", assert_value: "true" }, {}, null, always, origin).passed).toBe(false);
  });

  it("never throws, even for an engine error inside a predicate", () => {
    const broken: Record<string, Predicate> = {
      p: () => {
        throw new RangeError("boom");
      },
    };
    expect(
      evaluateDbStateAssertion({ side: "agent", func_name: "p", assert_value: true }, {}, null, broken, { domain: "d", module: "m" }),
    ).toEqual(verdict({ func_name: "p", error: "Predicate raised: RangeError: boom" }));
  });

  it("splats only mappings, naming the predicate's module", () => {
    const a = { side: "user", func_name: "assert_mobile_data_status", arguments: ["x"], assert_value: true };
    expect(evaluateDbStateAssertion(a, null, {}, telecomPredicates, TELECOM_PREDICATE_ORIGIN).error).toBe(
      "Predicate raised: TypeError: nemo_voice_agent.evaluation.tools.tau2_telecom_predicates.assert_mobile_data_status() argument after ** must be a mapping, not list",
    );
  });
});

describe("applyInitializationActions", () => {
  it("succeeds on an empty action list", () => {
    expect(applyInitializationActions(telecomInitFunctions, [], {}, TODAY, TELECOM_INIT_ORIGIN)).toEqual({ success: true, errors: [] });
  });

  it("reports a raising function by index and exception", () => {
    expect(applyInitializationActions(telecomInitFunctions, [{ func_name: "turn_data_off" }], {}, TODAY, TELECOM_INIT_ORIGIN)).toEqual({
      success: false,
      errors: ["[action 0] 'turn_data_off' raised: KeyError: 'device'"],
    });
  });

  it("runs every record against the same DB, in order, without rolling back", () => {
    const log: string[] = [];
    const fns: Record<string, InitFunction> = {
      a: (db) => {
        db["a"] = true;
        log.push("a");
      },
      b: () => {
        throw new Error("nope");
      },
    };
    const db = {};
    const result = applyInitializationActions(fns, [{ func_name: "a" }, { func_name: "b" }, { func_name: "c" }, { func_name: "a" }], db, TODAY, {
      domain: "d",
      module: "m",
    });
    expect(result).toEqual({
      success: false,
      errors: ["[action 1] 'b' raised: Error: nope", "[action 2] No initialization function 'c' registered under domain='d'. Available: ['a', 'b']."],
    });
    expect(log).toEqual(["a", "a"]);
    expect(db).toEqual({ a: true });
  });
});
