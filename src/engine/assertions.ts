import type { JsonObject, JsonValue } from "../json/types.js";
import type { Domain } from "./domain.js";
import type { DbStateAssertion } from "./scenario.js";

/** The reference's verdict shape for one DB-state assertion. */
export interface AssertionVerdict {
  readonly func_name: string;
  readonly side: string;
  readonly passed: boolean;
  readonly expected: JsonValue;
  readonly actual: JsonValue;
  readonly message: string | null;
  readonly error: string | null;
}

/**
 * `evaluate_db_state_assertion`: never throws. A bad side, a missing DB, an
 * unknown predicate or a predicate that raises is a failed verdict with
 * `error` set; otherwise `passed = (actual === assert_value)`.
 */
export function evaluateAssertion(domain: Domain, a: DbStateAssertion, agentDb: JsonObject | undefined, userDb: JsonObject | undefined): AssertionVerdict {
  const base = { func_name: a.func_name, side: a.side, expected: (a.assert_value ?? null) as JsonValue, message: a.message ?? null };
  const fail = (error: string, actual: JsonValue = null): AssertionVerdict => ({ ...base, passed: false, actual, error });
  const db = a.side === "user" ? userDb : a.side === "agent" ? agentDb : undefined;
  if (a.side !== "user" && a.side !== "agent") return fail(`Unknown side ${JSON.stringify(a.side)}`);
  if (!db) return fail(`No ${a.side} DB available`);
  const pred = domain.predicates?.[a.func_name];
  if (!pred) return fail(`No predicate ${JSON.stringify(a.func_name)} registered for domain ${JSON.stringify(domain.name)}`);
  let actual: JsonValue;
  try {
    actual = pred(db, a.arguments);
  } catch (e) {
    return fail(`${(e as Error).name}: ${(e as Error).message}`);
  }
  return { ...base, passed: actual === a.assert_value, actual, error: null };
}

export function evaluateAssertions(domain: Domain, list: readonly DbStateAssertion[], agentDb: JsonObject | undefined, userDb: JsonObject | undefined): AssertionVerdict[] {
  return list.map((a) => evaluateAssertion(domain, a, agentDb, userDb));
}
