import type { DataRootOptions } from "../loaders/data-root.js";
import type { Domain } from "./domain.js";
import { resolveDomainRoot } from "./domain-data.js";
import { AuthoringError, domainProblems, scenarioProblems } from "./authoring-check.js";
import { errorLine } from "./error-text.js";
import { globRegExp, isGlob, narrow } from "./narrow.js";
import type { LoadPolicy, Registry } from "./registry.js";
import { ScenarioDefinitionError, type Scenario } from "./scenario.js";
import { domainScenarios } from "./scenario-check.js";

/** A scenario with the domain it belongs to. */
export interface CatalogEntry {
  readonly scenario: Scenario;
  readonly domain: Domain;
}

/** The loaded scenarios of the registered domains, in catalog order and by name. */
export interface Catalog {
  readonly entries: readonly CatalogEntry[];
  readonly byName: ReadonlyMap<string, CatalogEntry>;
}

/** A selection that matches nothing or names an unknown scenario or domain (the CLI shows it as one line, exit 2). */
export class SelectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SelectionError";
  }
}

/**
 * Load the scenarios of the given domains, each from its own data root when
 * it declares one, else from the first shared root that holds its fixture
 * folder. Duplicate scenario names across domains throw.
 */
export function loadCatalog(registry: Registry, rootOpts: DataRootOptions, domains: readonly Domain[] = registry.domains, opts: { readonly named?: boolean | undefined } = {}): Catalog {
  const entries: CatalogEntry[] = [];
  const byName = new Map<string, CatalogEntry>();
  const policy = registry.loadPolicy;
  // Loading every domain (list-domains, a run of everything), a broken plugin is left out; one the selection
  // names (`named`: --domain or --scenarios, even when it names every domain there is) stops the command.
  const leaveOut = opts.named === undefined ? domains.length === registry.domains.length : !opts.named;
  for (const domain of domains) {
    const scenarios = policy?.checked(domain) ? checkedScenarios(domain, rootOpts, policy, leaveOut) : domainScenarios(domain, resolveDomainRoot(domain, rootOpts));
    // A plugin may build scenario values by hand: each is checked (a ScenarioDefinitionError names the domain, scenario and field).
    for (const scenario of scenarios) {
      const taken = byName.get(scenario.name);
      if (taken !== undefined) {
        const file = policy?.origin?.(domain);
        throw new AuthoringError([`domain '${domain.name}'${file === undefined ? "" : ` (${file})`}: scenario '${scenario.name}' is already defined by domain '${taken.domain.name}'; give each scenario its own id`]);
      }
      const entry = { scenario, domain };
      entries.push(entry);
      byName.set(scenario.name, entry);
    }
  }
  return { entries, byName };
}

/**
 * A checked domain's scenarios. When it cannot be loaded, or one of its
 * scenarios names a tool, function or DB shape that does not exist, each
 * problem is one line: with `leaveOut` the lines are reported and the domain
 * is left out, else an AuthoringError carrying them stops the command.
 */
function checkedScenarios(domain: Domain, rootOpts: DataRootOptions, policy: LoadPolicy, leaveOut: boolean): readonly Scenario[] {
  const fail = (problems: readonly string[]): readonly Scenario[] => {
    if (!leaveOut) throw new AuthoringError(problems);
    for (const p of problems) policy.broken(p);
    return [];
  };
  const clashes = domainProblems(domain);
  if (clashes.length > 0) return fail(clashes);
  let scenarios: readonly Scenario[];
  try {
    scenarios = domainScenarios(domain, resolveDomainRoot(domain, rootOpts));
  } catch (e) {
    if (e instanceof ScenarioDefinitionError && !leaveOut) throw e;
    return fail([e instanceof ScenarioDefinitionError ? e.message : `domain '${domain.name}': scenarios() raised ${errorLine(e)}; fix the domain's scenarios()`]);
  }
  const problems: string[] = [];
  const first = new Map<string, number>();
  scenarios.forEach((s, i) => {
    const at = first.get(s.name);
    if (at === undefined) first.set(s.name, i);
    else {
      const file = policy.origin?.(domain);
      problems.push(`domain '${domain.name}'${file === undefined ? "" : ` (${file})`}: scenarios()[${at}] and scenarios()[${i}] are both named '${s.name}'; give each scenario its own id`);
    }
  });
  for (const s of scenarios) {
    try {
      problems.push(...scenarioProblems(domain, s));
    } catch (e) {
      problems.push(`domain '${domain.name}': scenario '${s.name}': reading its gold calls or DBs raised ${errorLine(e)}`);
    }
  }
  return problems.length === 0 ? scenarios : fail(problems);
}

/** Which scenarios to take: the `--domain`, `--scenarios`, `--limit`, `--sample` and `--seed` flags as values. */
export interface Selection {
  /** `--domain D`: scenario names with the prefix `D__` (so a bucket, as in the reference). */
  readonly domain?: string | undefined;
  readonly scenarios?: readonly string[] | undefined;
  /** `--limit N`: the first N of the selection. */
  readonly limit?: number | null | undefined;
  /** `--sample N`: N of the selection drawn with `seed`. */
  readonly sample?: number | null | undefined;
  readonly seed?: number | undefined;
}

/** Which domains a selection can touch, so only their fixtures are loaded. */
export function domainsFor(registry: Registry, sel: Selection): Domain[] {
  if (sel.scenarios && sel.scenarios.length > 0) {
    // A pattern whose bucket part is itself a pattern may touch any domain.
    if (sel.scenarios.some((s) => isGlob(s.split("__")[0] ?? s))) return [...registry.domains];
    const names = new Set(sel.scenarios.map((s) => s.split("__")[0] ?? ""));
    return registry.domains.filter((d) => [...names].some((b) => b === d.name || b.startsWith(`${d.name}_`)));
  }
  const wanted = domainList(sel.domain);
  if (wanted.length > 0) {
    const hits = new Set<Domain>();
    for (const d of wanted) {
      const these = registry.domains.filter((x) => d === x.name || d.startsWith(`${x.name}_`));
      if (these.length === 0) throw new SelectionError(`no scenarios match --domain ${d}; known domains: ${registry.domains.map((x) => x.name).join(", ")}`);
      these.forEach((x) => hits.add(x));
    }
    return registry.domains.filter((x) => hits.has(x));
  }
  return [...registry.domains];
}

/** `--domain a,b` (or the flag repeated, joined with commas): each name once, in the order given. */
export function domainList(domain: string | undefined): string[] {
  return [...new Set((domain ?? "").split(",").map((d) => d.trim()).filter(Boolean))];
}

/** The scenarios a selection names (domains, names and globs, then `limit` or `sample`), in catalog order: the one selection every command uses. */
export function selectScenarios(catalog: Catalog, sel: Selection): CatalogEntry[] {
  let picked = [...catalog.entries];
  const domains = domainList(sel.domain);
  if (domains.length > 0) {
    for (const d of domains) {
      if (!picked.some((e) => e.scenario.name.startsWith(`${d}__`))) throw new SelectionError(`no scenarios match --domain ${d}`);
    }
    picked = picked.filter((e) => domains.some((d) => e.scenario.name.startsWith(`${d}__`)));
  }
  if (sel.scenarios && sel.scenarios.length > 0) {
    const patterns = sel.scenarios.filter(isGlob).map((g) => [g, globRegExp(g)] as const);
    const empty = patterns.filter(([, re]) => !catalog.entries.some((e) => re.test(e.scenario.name))).map(([g]) => g);
    if (empty.length > 0) throw new SelectionError(`no scenario matches ${empty.map((g) => `'${g}'`).join(", ")}`);
    const unknown = sel.scenarios.filter((n) => !isGlob(n) && !catalog.byName.has(n));
    if (unknown.length > 0) throw new SelectionError(`unknown scenario(s): ${unknown.join(", ")}`);
    const wanted = new Set(sel.scenarios);
    picked = picked.filter((e) => wanted.has(e.scenario.name) || patterns.some(([, re]) => re.test(e.scenario.name)));
  }
  return narrow(picked, sel);
}

/**
 * `--today` moves only the scenarios whose reference reads the clock; given
 * for a selection where every scenario fixes its own date it would change
 * nothing, so it is refused rather than silently ignored.
 */
export function checkTodayApplies(entries: readonly CatalogEntry[], today: string | null | undefined): void {
  if (today === undefined || today === null || entries.length === 0 || entries.some((e) => e.scenario.todayFromClock)) return;
  const first = entries[0] as CatalogEntry;
  const more = entries.length > 1 ? ` (and the ${entries.length - 1} other selected scenario${entries.length > 2 ? "s" : ""})` : "";
  throw new SelectionError(`--today ${today}: scenario '${first.scenario.name}'${more} fixes its own date (${first.scenario.today}); --today moves only scenarios dated by the clock (todayFromClock: true); drop --today or set the scenario's today`);
}
