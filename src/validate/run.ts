/**
 * Run the fixture checks over a data root and grade what they find.
 */
import { join } from "node:path";
import { registry as builtinRegistry } from "../domains/index.js";
import type { Domain } from "../engine/domain.js";
import type { Registry } from "../engine/registry.js";
import { ScenarioDefinitionError } from "../engine/scenario.js";
import { domainScenarios } from "../engine/scenario-check.js";
import { loadProvenance, type Provenance } from "../loaders/provenance.js";
import { loadKnownDivergences, type KnownDivergence } from "../replay/known-divergences.js";
import { referencesCheck } from "./references-check.js";
import { countGrades, gradeFindings, type ValidationReport } from "./report.js";
import { schemasCheck } from "./layout-check.js";
import type { Check, CheckName, Finding, ValidationContext } from "../engine/data-checks/types.js";

/** A check that runs over whole domains: the two every domain gets from its declarations. */
interface DomainCheck {
  readonly name: CheckName;
  run(ctx: ValidationContext, domains: readonly Domain[]): Finding[];
}

/**
 * The checks in the order they run: schemas, then each selected domain's own
 * checks (in registry order, each once), then references.
 */
function checksFor(domains: readonly Domain[]): DomainCheck[] {
  const own: Check[] = [];
  for (const d of domains) for (const c of d.fixtures?.checks ?? []) if (!own.includes(c)) own.push(c);
  const declaring = (c: Check): Set<string> => new Set(domains.filter((d) => d.fixtures?.checks?.includes(c)).map((d) => d.name));
  return [schemasCheck, ...own.map((c) => ({ name: c.name, run: (ctx: ValidationContext) => c.run(ctx, declaring(c)) })), referencesCheck];
}

export interface ValidateOptions {
  readonly dataRoot: string;
  /** Default: `<dataRoot>/upstream`. */
  readonly upstreamDir?: string;
  /** Domain names; default: every registered domain that declares its fixtures. */
  readonly domains?: readonly string[];
  /** Default: every check. */
  readonly checks?: readonly CheckName[];
  readonly provenance?: Provenance;
  readonly registry?: Registry;
  readonly knownDivergences?: readonly KnownDivergence[];
}

/** Thrown for a `domains` entry the registry does not hold. */
export class UnknownDomainError extends Error {
  constructor(name: string, registry: Registry) {
    super(`unknown domain '${name}'; known domains: ${registry.domains.map((d) => d.name).join(", ")}`);
    this.name = "UnknownDomainError";
  }
}

export function validateFixtures(opts: ValidateOptions): ValidationReport {
  const registry = opts.registry ?? builtinRegistry;
  const ctx: ValidationContext = {
    dataRoot: opts.dataRoot,
    upstreamDir: opts.upstreamDir ?? join(opts.dataRoot, "upstream"),
    provenance: opts.provenance ?? loadProvenance(),
    scenarios: (name) => {
      const domain = registry.domain(name);
      return domain ? domainScenarios(domain, opts.dataRoot) : [];
    },
  };
  const domains = opts.domains
    ? opts.domains.map((n) => {
        const d = registry.domain(n);
        if (!d) throw new UnknownDomainError(n, registry);
        return d;
      })
    : registry.domains.filter((d) => d.fixtures !== undefined);
  // A scenario that breaks defineScenario's rules is a definition error (one line, exit 2), not a finding;
  // data that cannot be read is left to the checks, which report it as findings.
  for (const d of domains) {
    try {
      ctx.scenarios(d.name);
    } catch (e) {
      if (e instanceof ScenarioDefinitionError) throw e;
    }
  }
  const checks = checksFor(domains);
  const wanted = new Set(opts.checks ?? checks.map((c) => c.name));
  const ran: CheckName[] = [];
  const findings = checks.flatMap((check) => {
    if (!wanted.has(check.name)) return [];
    ran.push(check.name);
    return check.run(ctx, domains);
  });
  const graded = gradeFindings(findings, opts.knownDivergences ?? loadKnownDivergences());
  const names = domains.map((d) => d.name);
  return { dataRoot: ctx.dataRoot, upstreamDir: ctx.upstreamDir, domains: names, checks: ran, findings: graded, counts: countGrades(graded) };
}
