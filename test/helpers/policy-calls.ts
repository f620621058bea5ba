/**
 * Policy rules on real fixture data: a call list replayed from a built-in
 * scenario's initial state (in memory: nothing is written) with the rules
 * watching, as the gold audit and a run's policy signal watch.
 */
import { registry } from "../../src/domains/index.js";
import { loadCatalog, type CatalogEntry } from "../../src/engine/catalog.js";
import { prepareInitialState } from "../../src/engine/initial-state.js";
import type { PolicyRule } from "../../src/engine/policy-rule.js";
import { createRng } from "../../src/engine/rng.js";
import type { ToolCall } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";
import { replayCallList } from "../../src/replay/call-list.js";
import { watchPolicy, type PolicyViolation } from "../../src/scoring/policy/check.js";

const catalogs = new Map<string, ReturnType<typeof loadCatalog>>();

export function scenarioEntry(name: string): CatalogEntry {
  const domain = name.slice(0, name.indexOf("__"));
  let catalog = catalogs.get(domain);
  if (!catalog) catalogs.set(domain, (catalog = loadCatalog(registry, {}, [registry.domain(domain)!])));
  const entry = catalog.byName.get(name);
  if (!entry) throw new Error(`no scenario ${name}`);
  return entry;
}

export const call = (name: string, args: JsonObject): ToolCall => ({ name, arguments: args, side: "agent" });

/** Replay `calls` from `scenario`'s initial state; the violations, and each call's dispatch status (to see the tools carried them out). */
export function replayWithRules(scenario: string, calls: readonly ToolCall[], rules?: readonly PolicyRule[]): { violations: PolicyViolation[]; statuses: string[] } {
  const entry = scenarioEntry(scenario);
  const env = { today: entry.scenario.today, rng: createRng(0).fork(`policy:${scenario}`) };
  const prepared = prepareInitialState(entry.domain, entry.scenario, env);
  const watch = watchPolicy(entry.domain, entry.scenario, rules);
  const replay = replayCallList(entry.domain, prepared, calls, env, {
    sync: "every-call",
    names: "records",
    unknownTools: "dispatch",
    warnCrashed: false,
    observer: watch.observer,
  });
  return { violations: watch.finish(), statuses: replay.calls.map((c) => c.status) };
}

/** The rule ids of the violations, for a compact assertion. */
export const ruleIds = (vs: readonly PolicyViolation[]): string[] => vs.map((v) => v.rule);
