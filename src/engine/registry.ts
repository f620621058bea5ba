import type { Domain } from "./domain.js";
import type { Scenario } from "./scenario.js";

/**
 * How a catalog treats domains written outside evalsim (plugins): their
 * scenarios are checked for authoring mistakes when loaded, and a domain
 * that fails to load is reported and left out instead of stopping the rest.
 */
export interface LoadPolicy {
  /** True for a domain whose scenarios are checked (authoring-check.ts) and which is left out when broken. */
  checked(domain: Domain): boolean;
  /** One line about a domain left out. */
  broken(message: string): void;
  /** The module file a domain came from, for messages (absent: unknown). */
  origin?(domain: Domain): string | undefined;
}

/** The domains registered for a run, looked up by name. */
export interface Registry {
  readonly domains: readonly Domain[];
  domain(name: string): Domain | undefined;
  readonly loadPolicy?: LoadPolicy;
}

/**
 * The typed registry of domains. Built explicitly from values; a duplicate
 * domain name is a bug and throws. Tool-name clashes are caught when a
 * domain's tool index is first built.
 */
export function createRegistry(domains: readonly Domain[], loadPolicy?: LoadPolicy): Registry {
  const byName = new Map<string, Domain>();
  for (const d of domains) {
    if (byName.has(d.name)) throw new Error(`duplicate domain '${d.name}' in registry`);
    byName.set(d.name, d);
  }
  return { domains, domain: (name) => byName.get(name), ...(loadPolicy ? { loadPolicy } : {}) };
}

/** Index scenarios by name; two scenarios with one name is a bug and throws. */
export function indexScenarios(scenarios: readonly Scenario[]): ReadonlyMap<string, Scenario> {
  const out = new Map<string, Scenario>();
  for (const s of scenarios) {
    if (out.has(s.name)) throw new Error(`duplicate scenario name '${s.name}'`);
    out.set(s.name, s);
  }
  return out;
}
