/**
 * The `checks` of a scenario as an author writes them (a tool name or a
 * matcher per call, lists that may be left out), turned into the value a
 * Scenario carries; a mistyped entry is a ScenarioDefinitionError naming the
 * scenario and the entry.
 */
import type { JsonObject } from "../json/types.js";
import { ScenarioDefinitionError, type CallMatcher, type ScenarioChecks } from "./scenario.js";

/** A scenario's declared checks as authored: tools it must not call, tools it must call (by name or with arguments), and what the agent must communicate. */
export interface ChecksInput {
  readonly mustNotCall?: readonly (string | CallMatcher)[];
  readonly mustCall?: readonly (string | CallMatcher)[];
  readonly communicate?: readonly string[];
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

function matchers(scenario: string, field: "mustNotCall" | "mustCall", list: unknown): CallMatcher[] {
  if (list === undefined) return [];
  const fail = (where: string, what: string): never => {
    throw new ScenarioDefinitionError(`scenario '${scenario}': checks.${field}${where}: ${what}`);
  };
  if (!Array.isArray(list)) return fail("", "expected a list of tool names or {name, arguments?, side?}");
  return list.map((m: unknown, i) => {
    if (typeof m === "string" && m !== "") return { name: m };
    if (!isObject(m) || typeof m["name"] !== "string" || m["name"] === "") return fail(`[${i}]`, `expected a tool name or {name, arguments?, side?}, got ${JSON.stringify(m) ?? String(m)}`);
    const side = m["side"];
    if (side !== undefined && side !== "agent" && side !== "user") fail(`[${i}].side`, `expected "agent" or "user", got ${JSON.stringify(side)}`);
    const args = m["arguments"];
    if (args !== undefined && !isObject(args)) fail(`[${i}].arguments`, "expected an object of the argument values to match");
    return { name: m["name"], ...(side === undefined ? {} : { side }), ...(args === undefined ? {} : { arguments: args }) } as CallMatcher;
  });
}

/** The checks to carry, or undefined when none are declared (the scenario then scores as before). */
export function scenarioChecks(scenario: string, input: ChecksInput | undefined): ScenarioChecks | undefined {
  if (input === undefined) return undefined;
  if (!isObject(input)) throw new ScenarioDefinitionError(`scenario '${scenario}': checks: expected {mustNotCall?, mustCall?, communicate?}`);
  const unknown = Object.keys(input).filter((k) => !["mustNotCall", "mustCall", "communicate"].includes(k));
  if (unknown.length > 0) throw new ScenarioDefinitionError(`scenario '${scenario}': checks.${unknown[0]}: no such check (expected mustNotCall, mustCall, communicate)`);
  const communicate = input.communicate ?? [];
  if (!Array.isArray(communicate) || communicate.some((c) => typeof c !== "string" || c.trim() === "")) throw new ScenarioDefinitionError(`scenario '${scenario}': checks.communicate: expected a list of non-empty strings`);
  const checks = { mustNotCall: matchers(scenario, "mustNotCall", input.mustNotCall), mustCall: matchers(scenario, "mustCall", input.mustCall), communicate: [...(communicate as string[])] };
  return checks.mustNotCall.length + checks.mustCall.length + checks.communicate.length === 0 ? undefined : checks;
}
