/**
 * The inaction audit as fixture findings (warnings): scenarios that cannot
 * tell a working agent from one that does nothing. The check itself is
 * cheap and always runs: a scenario gated on db_state_match whose expected
 * DB hashes like its initial DB. Running every scenario with the do-nothing
 * agent (`validate-fixtures --audit`) adds those whose gating signals pass
 * for another reason (a tau2_telecom task whose user-DB assertions already
 * hold at the start, for one).
 */
import { auditScenario, expectedDbIsInitial } from "../audit/inaction.js";
import type { CatalogEntry } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import { domainFolder } from "../engine/domain-data.js";
import type { Finding, ValidationContext } from "../engine/data-checks/types.js";

export const INACTION_CHECK = "inaction";
/** The do-nothing agent's run (`validate-fixtures --audit`). */
export const NOOP_RUN_CHECK = "inaction-run";

/** Defect ids, one per domain, so one known-divergence entry can document a domain's scenarios. */
export const expectedInitialDefect = (domain: string): string => `${domain}:expected-db-is-initial`;
export const passesOnInactionDefect = (domain: string): string => `${domain}:passes-on-inaction`;

/** A domain whose scenarios cannot be built is skipped: the schema and layout checks report why. */
function entriesOf(ctx: ValidationContext, domains: readonly Domain[]): CatalogEntry[] {
  return domains.flatMap((domain) => {
    let scenarios;
    try {
      scenarios = ctx.scenarios(domain.name);
    } catch {
      return [];
    }
    return scenarios.map((scenario) => ({ domain, scenario }));
  });
}

function finding(check: string, entry: CatalogEntry, defect: string, message: string): Finding {
  return { check, severity: "warning", file: domainFolder(entry.domain), path: entry.scenario.name, scenario: entry.scenario.name, message, defect };
}

const gatesOnDb = (e: CatalogEntry): boolean => e.scenario.successSignals.includes("db_state_match");
/** A declared refusal (checks.mustNotCall): changing nothing is what a correct agent does, so it is no finding. */
const isRefusal = (e: CatalogEntry): boolean => (e.scenario.checks?.mustNotCall.length ?? 0) > 0;

export const inactionCheck = {
  name: INACTION_CHECK,
  run(ctx: ValidationContext, domains: readonly Domain[]): Finding[] {
    return entriesOf(ctx, domains)
      .filter((e) => !isRefusal(e) && gatesOnDb(e) && expectedDbIsInitial(e) === true)
      .map((e) => finding(INACTION_CHECK, e, expectedInitialDefect(e.domain.name), "the expected DB equals the initial DB: under db_state_match an agent that changes nothing passes (see evalsim audit)"));
  },
};

/** The do-nothing agent's run of every scenario: those it passes that the check above did not already name. */
export async function noopRunFindings(ctx: ValidationContext, domains: readonly Domain[]): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const e of entriesOf(ctx, domains)) {
    const r = await auditScenario(e);
    if (!r.passesOnInaction || isRefusal(e) || (gatesOnDb(e) && r.expectedDbIsInitial === true)) continue;
    out.push(finding(NOOP_RUN_CHECK, e, passesOnInactionDefect(e.domain.name), `an agent that greets and ends the call passes: ${r.passedSignals.join(", ")} (see evalsim audit)`));
  }
  return out;
}
