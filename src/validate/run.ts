/**
 * Run the fixture checks over a data root and grade what they find.
 */
import { join } from "node:path";
import { registry as defaultRegistry } from "../domains/index.js";
import type { Registry } from "../engine/registry.js";
import { EVA_GOLD_DIR } from "../domains/eva_airline/scenarios.js";
import { loadKnownDivergences, type KnownDivergence } from "../replay/known-divergences.js";
import { airlineShardsCheck } from "../domains/tau2_airline/shards-check.js";
import { envSidesCheck } from "../domains/tau2_common/env-sides-check.js";
import { evaUpstreamCheck } from "../domains/eva_airline/upstream-check.js";
import { loadProvenance, type Provenance } from "../loaders/provenance.js";
import { referencesCheck } from "./references-check.js";
import { countGrades, gradeFindings, type ValidationReport } from "./report.js";
import { schemasCheck } from "./layout-check.js";
import { telecomTomlCheck } from "../domains/tau2_telecom/upstream/toml-check.js";
import { telecomUpstreamCheck } from "../domains/tau2_telecom/upstream/tasks-check.js";
import { type Check, type CheckName, FIXTURE_DOMAINS, type FixtureDomain, type ValidationContext } from "../engine/data-checks/types.js";

export const ALL_CHECKS: readonly Check[] = [
  schemasCheck,
  evaUpstreamCheck,
  telecomTomlCheck,
  telecomUpstreamCheck,
  envSidesCheck,
  airlineShardsCheck,
  referencesCheck,
];

export interface ValidateOptions {
  readonly dataRoot: string;
  /** Default: `<dataRoot>/upstream`. */
  readonly upstreamDir?: string;
  /** Default: every fixture domain. */
  readonly domains?: readonly FixtureDomain[];
  /** Default: every check. */
  readonly checks?: readonly CheckName[];
  readonly evaGoldDir?: string;
  readonly provenance?: Provenance;
  readonly registry?: Registry;
  readonly knownDivergences?: readonly KnownDivergence[];
}

export function validateFixtures(opts: ValidateOptions): ValidationReport {
  const ctx: ValidationContext = {
    dataRoot: opts.dataRoot,
    upstreamDir: opts.upstreamDir ?? join(opts.dataRoot, "upstream"),
    evaGoldDir: opts.evaGoldDir ?? EVA_GOLD_DIR,
    provenance: opts.provenance ?? loadProvenance(),
    registry: opts.registry ?? defaultRegistry,
  };
  const domains = opts.domains ?? FIXTURE_DOMAINS;
  const wanted = new Set(opts.checks ?? ALL_CHECKS.map((c) => c.name));
  const ran: CheckName[] = [];
  const findings = ALL_CHECKS.flatMap((check) => {
    const mine = new Set(domains.filter((d) => check.domains.includes(d)));
    if (!wanted.has(check.name) || mine.size === 0) return [];
    ran.push(check.name);
    return check.run(ctx, mine);
  });
  const graded = gradeFindings(findings, opts.knownDivergences ?? loadKnownDivergences());
  return { dataRoot: ctx.dataRoot, upstreamDir: ctx.upstreamDir, domains: [...domains], checks: ran, findings: graded, counts: countGrades(graded) };
}
