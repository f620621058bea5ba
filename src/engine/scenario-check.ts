/**
 * A domain's scenarios, checked as they are built. A plugin may build its
 * scenario values by hand, or get a field wrong through defineScenario: each
 * such mistake is a ScenarioDefinitionError naming the domain, the scenario
 * and the field, which the CLI shows as one line (exit 2), rather than an
 * internal error deep inside a run.
 */
import type { Domain } from "./domain.js";
import { checkSuccessSignals, ScenarioDefinitionError, type Scenario } from "./scenario.js";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a day of the calendar (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

type Kind = "string" | "function" | "list" | "object" | "boolean";

const FIELDS: readonly (readonly [keyof Scenario, Kind])[] = [
  ["bucket", "string"],
  ["domain", "string"],
  ["upstreamId", "string"],
  ["description", "string"],
  ["today", "string"],
  ["todayFromClock", "boolean"],
  ["initialDbs", "function"],
  ["initializationActions", "list"],
  ["dbStateAssertions", "list"],
  ["nlAssertions", "list"],
  ["goldCalls", "function"],
  ["shippedExpectedDb", "function"],
  ["agentPrompt", "function"],
  ["userPrompt", "function"],
  ["user", "object"],
  ["labels", "object"],
];

const EXPECTED: Readonly<Record<Kind, string>> = { string: "a string", function: "a function", list: "a list", object: "an object", boolean: "true or false" };

function hasKind(v: unknown, kind: Kind): boolean {
  if (kind === "list") return Array.isArray(v);
  if (kind === "object") return typeof v === "object" && v !== null && !Array.isArray(v);
  return typeof v === kind;
}

const describe = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "string" ? JSON.stringify(v) : typeof v);

/**
 * Check one scenario value of `domain`: every field of a Scenario with its
 * type, gating signals the reference accepts, a name `<bucket>__<id>` whose
 * bucket `--domain` can select (the domain's name, or it followed by `_`).
 */
export function checkScenario(domain: string, value: unknown, index: number): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ScenarioDefinitionError(`scenario [${index}]: expected a scenario object (see defineScenario), got ${describe(value)}`);
  const s = value as Partial<Record<keyof Scenario, unknown>>;
  const name = s.name;
  if (typeof name !== "string" || name === "") throw new ScenarioDefinitionError(`scenario [${index}]: name: expected a string <bucket>__<id>, got ${describe(name)}`);
  checkSuccessSignals(name, s.successSignals as readonly string[] | undefined);
  const fail = (field: string, what: string): never => {
    throw new ScenarioDefinitionError(`scenario '${name}': ${field}: ${what}`);
  };
  for (const [field, kind] of FIELDS) if (!hasKind(s[field], kind)) fail(field, `expected ${EXPECTED[kind]}, got ${describe(s[field])}`);
  const bucket = s.bucket as string;
  if (!name.startsWith(`${bucket}__`) || name.length === bucket.length + 2) fail("name", `expected ${bucket}__<id> (the bucket, two underscores, an id)`);
  if (bucket !== domain && !bucket.startsWith(`${domain}_`)) fail("bucket", `expected '${domain}' or '${domain}_<variant>', so that --domain selects it; got ${describe(bucket)}`);
  if (s.domain !== domain) fail("domain", `expected '${domain}' (the domain that defines it), got ${describe(s.domain)}`);
  if (!isCalendarDate(s.today as string)) fail("today", `expected a real date as YYYY-MM-DD, got ${describe(s.today)}`);
}

/** `domain.scenarios(root)`, each checked; a definition error names the domain. */
export function domainScenarios(domain: Domain, root: string): readonly Scenario[] {
  try {
    const scenarios: unknown = domain.scenarios(root);
    if (!Array.isArray(scenarios)) throw new ScenarioDefinitionError(`scenarios(): expected a list of scenarios, got ${describe(scenarios)}`);
    scenarios.forEach((s, i) => checkScenario(domain.name, s, i));
    return scenarios as readonly Scenario[];
  } catch (e) {
    if (e instanceof ScenarioDefinitionError) throw new ScenarioDefinitionError(`domain '${domain.name}': ${e.message}`);
    throw e;
  }
}
