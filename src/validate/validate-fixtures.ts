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
import { loadKnownDivergences, type KnownDivergence } from "../loaders/known-divergences.js";
import { inactionCheck, NOOP_RUN_CHECK, noopRunFindings } from "./inaction-check.js";
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
 * checks (in registry order, each once), then references, then inaction.
 */
function checksFor(domains: readonly Domain[]): DomainCheck[] {
  const own: Check[] = [];
  for (const d of domains) for (const c of d.fixtures?.checks ?? []) if (!own.includes(c)) own.push(c);
  const declaring = (c: Check): Set<string> => new Set(domains.filter((d) => d.fixtures?.checks?.includes(c)).map((d) => d.name));
  return [schemasCheck, ...own.map((c) => ({ name: c.name, run: (ctx: ValidationContext) => c.run(ctx, declaring(c)) })), referencesCheck, inactionCheck];
}

/** What `validateFixtures` checks: the data root (and its upstream copies), the domains and the checks to run. */
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

interface Prepared {
  readonly ctx: ValidationContext;
  readonly domains: readonly Domain[];
}

function prepare(opts: ValidateOptions): Prepared {
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
  return { ctx, domains };
}

function report({ ctx, domains }: Prepared, ran: readonly CheckName[], findings: readonly Finding[], opts: ValidateOptions): ValidationReport {
  // A domain's own entries (defineDomain's knownDivergences) join the project's.
  const graded = gradeFindings(findings, [...(opts.knownDivergences ?? loadKnownDivergences()), ...domains.flatMap((d) => d.knownDivergences ?? [])]);
  return { dataRoot: ctx.dataRoot, upstreamDir: ctx.upstreamDir, domains: domains.map((d) => d.name), checks: ran, findings: graded, counts: countGrades(graded) };
}

function runChecks(p: Prepared, opts: ValidateOptions): { ran: CheckName[]; findings: Finding[] } {
  const checks = checksFor(p.domains);
  const wanted = new Set(opts.checks ?? checks.map((c) => c.name));
  const ran: CheckName[] = [];
  const findings = checks.flatMap((check) => {
    if (!wanted.has(check.name)) return [];
    ran.push(check.name);
    return check.run(p.ctx, p.domains);
  });
  return { ran, findings };
}

/** Check the fixtures of the selected domains: schemas, upstream copies, references between records, inaction: what `evalsim validate-fixtures` does. */
export function validateFixtures(opts: ValidateOptions): ValidationReport {
  const p = prepare(opts);
  const { ran, findings } = runChecks(p, opts);
  return report(p, ran, findings, opts);
}

/** Every check, then every scenario run with the do-nothing agent: those it passes are warnings too. */
export async function validateFixturesWithAudit(opts: ValidateOptions): Promise<ValidationReport> {
  const p = prepare(opts);
  const { ran, findings } = runChecks(p, opts);
  const more = await noopRunFindings(p.ctx, p.domains);
  return report(p, [...ran, NOOP_RUN_CHECK], [...findings, ...more], opts);
}
