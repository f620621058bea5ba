/**
 * The two dispatchers around the telecom registries: replaying
 * initialization records onto one side's DB, and judging one DB-state
 * assertion. Both report failures as values with the reference's wording,
 * so a run can surface every failure rather than stop at the first.
 */
import type { Domain, InitContext, InitFunction, Predicate, RegistryOrigin } from "./domain.js";
import type { DbStateAssertion } from "./scenario.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/types.js";
import { describeException, PyError, pyEquals, pyRepr, pyTypeName, truthy } from "../python/semantics.js";

/** One DB assertion evaluated: the predicate, its side, whether it passed, the expected and actual values and any error. */
export interface AssertionVerdict {
  func_name: JsonValue;
  side: JsonValue;
  passed: boolean;
  expected: JsonValue;
  actual: JsonValue;
  message: JsonValue;
  error: string | null;
}

export interface InitializationResult {
  success: boolean;
  errors: string[];
}

/** An assertion or init record as the task JSON gives it (after side translation). */
type RecordLike = Readonly<Record<string, JsonValue | undefined>>;

function field(rec: RecordLike, key: string): JsonValue {
  return Object.hasOwn(rec, key) ? (rec[key] ?? null) : null;
}

/** `sorted(registry.keys())` as Python prints the list. */
function availableNames(registry: Readonly<Record<string, unknown>>): string {
  return pyRepr(Object.keys(registry).sort());
}

function lookup<T>(registry: Readonly<Record<string, T>>, name: JsonValue): T | undefined {
  return typeof name === "string" && Object.hasOwn(registry, name) ? registry[name] : undefined;
}

/**
 * `record.get("arguments") or {}`, which is then splatted with `**`; a
 * truthy non-dict raises there, naming the function by its module path.
 */
function keywordArguments(rec: RecordLike, origin: RegistryOrigin, fnName: string): JsonObject {
  const args = field(rec, "arguments");
  if (!truthy(args)) return {};
  if (isJsonObject(args)) return args;
  throw new PyError("TypeError", `${origin.module}.${fnName}() argument after ** must be a mapping, not ${pyTypeName(args)}`);
}

/**
 * `evaluate_db_state_assertion`: never throws. Side `user` reads `userDb`,
 * side `agent` reads `agentDb`; a bad side, a missing DB, an unknown
 * predicate or a raising predicate yields `passed: false` with `error` set.
 * Otherwise `passed` is Python `actual == assert_value`.
 */
export function evaluateDbStateAssertion(
  assertion: RecordLike,
  agentDb: JsonObject | null | undefined,
  userDb: JsonObject | null | undefined,
  predicates: Readonly<Record<string, Predicate>>,
  origin: RegistryOrigin,
): AssertionVerdict {
  const side = field(assertion, "side");
  const funcName = field(assertion, "func_name");
  const verdict: AssertionVerdict = {
    func_name: funcName,
    side,
    passed: false,
    expected: field(assertion, "assert_value"),
    actual: null,
    message: field(assertion, "message"),
    error: null,
  };
  if (side !== "user" && side !== "agent") {
    verdict.error = `Unknown side ${pyRepr(side)}; expected 'user' or 'agent'.`;
    return verdict;
  }
  const db = side === "user" ? userDb : agentDb;
  if (db === null || db === undefined) {
    verdict.error =
      `No ${side} DB available — scenario declared side=${pyRepr(side)} but the bridge didn't pull a ` +
      `${side === "user" ? "user_db" : "db"} dict back. Check that the bot returned include_db=True payload.`;
    return verdict;
  }
  const predicate = lookup(predicates, funcName);
  if (predicate === undefined) {
    verdict.error = `No predicate ${pyRepr(funcName)} registered under domain=${pyRepr(origin.domain)}. Available: ${availableNames(predicates)}.`;
    return verdict;
  }
  try {
    verdict.actual = predicate(db, keywordArguments(assertion, origin, funcName as string));
  } catch (e) {
    verdict.error = `Predicate raised: ${describeException(e)}`;
    return verdict;
  }
  verdict.passed = pyEquals(verdict.actual, verdict.expected);
  return verdict;
}

const NO_DB =
  "No db provided to apply_initialization_actions; the bot handler is responsible for selecting " +
  "shared_state['db'] (agent side) or shared_state['user_db'] (user side) and passing it here.";

/**
 * `apply_initialization_actions`: run every record against the same DB in
 * order, mutating it in place. Each failure adds an `[action i] …` message;
 * nothing is rolled back and later records still run.
 */
export function applyInitializationActions(
  initFunctions: Readonly<Record<string, InitFunction>>,
  actions: readonly RecordLike[],
  db: JsonObject | null | undefined,
  ctx: InitContext,
  origin: RegistryOrigin,
): InitializationResult {
  if (db === null || db === undefined) return { success: false, errors: [NO_DB] };
  const errors: string[] = [];
  actions.forEach((action, idx) => {
    const funcName = field(action, "func_name");
    const fn = lookup(initFunctions, funcName);
    if (fn === undefined) {
      errors.push(
        `[action ${idx}] No initialization function ${pyRepr(funcName)} registered under domain=${pyRepr(origin.domain)}. ` +
          `Available: ${availableNames(initFunctions)}.`,
      );
      return;
    }
    try {
      fn(db, keywordArguments(action, origin, funcName as string), ctx);
    } catch (e) {
      errors.push(`[action ${idx}] ${pyRepr(funcName)} raised: ${describeException(e)}`);
    }
  });
  return { success: errors.length === 0, errors };
}

/** The origin a domain's messages name; domains may declare the reference's module paths. */
export function originsOf(domain: Domain): { init: RegistryOrigin; predicates: RegistryOrigin } {
  const fallback = { domain: domain.name, module: `evalsim.domains.${domain.name}` };
  return { init: domain.messageOrigins?.init ?? fallback, predicates: domain.messageOrigins?.predicates ?? fallback };
}

/** Every assertion of a scenario, judged on the end DBs. */
export function evaluateAssertions(domain: Domain, list: readonly DbStateAssertion[], agentDb: JsonObject | undefined, userDb: JsonObject | undefined): AssertionVerdict[] {
  const origin = originsOf(domain).predicates;
  return list.map((a) => evaluateDbStateAssertion(a as unknown as RecordLike, agentDb, userDb, domain.predicates ?? {}, origin));
}
