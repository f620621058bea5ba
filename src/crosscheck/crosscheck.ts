/**
 * `evalsim crosscheck`: evalsim as the executable specification of the
 * NeMo Voice-Agent harness. The reference's own Python tools (imported from
 * a checkout by python/reference_driver.py) and evalsim run the same gold
 * trajectories and generated calls; every difference is a finding, grouped
 * by tool or rule with its smallest example, and those data/known-divergences.json
 * explains are listed apart.
 */
import type { Registry } from "../engine/registry.js";
import { loadCatalog } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import { resolveDataRoot } from "../loaders/data-root.js";
import { loadKnownDivergences } from "../replay/known-divergences.js";
import { runCallsFamilies } from "./calls/run-calls.js";
import type { Family } from "./families.js";
import { FindingSet } from "./findings.js";
import { runGoldFamily } from "./gold.js";
import { preflight } from "./preflight.js";
import { startReference } from "./reference-process.js";
import type { CrosscheckReport } from "./report.js";
import type { CrosscheckSize } from "./sizes.js";

/** The domains the reference driver knows how to start. */
export const CROSSCHECK_DOMAINS = ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"] as const;

export interface CrosscheckOptions {
  readonly reference: string;
  readonly families: readonly Family[];
  readonly size: CrosscheckSize;
  readonly registry: Registry;
  /** `--data-root` (else EVAL_DATA_ROOT, else the default chain). */
  readonly dataRoot?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** `--domain`: domain names (default: all four). */
  readonly domains?: readonly string[];
  readonly python?: string;
  /** Progress lines (stderr). */
  readonly progress?: (line: string) => void;
}

export class CrosscheckInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CrosscheckInputError";
  }
}

export async function runCrosscheck(opts: CrosscheckOptions): Promise<CrosscheckReport> {
  const python = opts.python ?? "python3";
  const root = preflight(opts.reference, python);
  const wanted = opts.domains ?? CROSSCHECK_DOMAINS;
  const domains: Domain[] = wanted.map((n) => {
    const d = opts.registry.domains.find((x) => x.name === n);
    if (!d || !(CROSSCHECK_DOMAINS as readonly string[]).includes(n)) throw new CrosscheckInputError(`--domain: unknown domain '${n}' (expected ${CROSSCHECK_DOMAINS.join(", ")})`);
    return d;
  });
  const rootOpts = { flag: opts.dataRoot, env: opts.env ?? process.env };
  // The driver reads one data root; the one holding the first domain's fixtures serves them all.
  const dataRoot = resolveDataRoot({ ...rootOpts, mustContain: domains[0]?.name ?? "eva_airline" });
  const catalog = loadCatalog(opts.registry, rootOpts, domains);
  const findings = new FindingSet();
  const families = new Set(opts.families);
  const reference = await startReference(root, dataRoot, python);
  let gold: CrosscheckReport["gold"];
  let calls: CrosscheckReport["calls"];
  try {
    if (families.has("gold")) {
      opts.progress?.("gold: replaying every scenario's gold calls through the reference's tools");
      gold = await runGoldFamily(domains, catalog, reference, findings, opts.size.goldScenarios ?? undefined);
    }
    if (families.has("calls") || families.has("delivery")) {
      opts.progress?.(`calls: ${opts.size.calls} generated calls, seeds ${opts.size.seeds.join(",")}`);
      calls = await runCallsFamilies(domains, catalog, reference, findings, { calls: opts.size.calls, seeds: opts.size.seeds, session: opts.size.session, families });
    }
  } finally {
    await reference.close();
  }
  const all = findings.list(loadKnownDivergences());
  const unexplained = all.filter((f) => !f.known);
  return {
    reference: opts.reference,
    families: opts.families,
    size: opts.size,
    ...(gold ? { gold } : {}),
    ...(calls ? { calls } : {}),
    findings: unexplained,
    known: all.filter((f) => f.known),
    exit: unexplained.length === 0 ? 0 : 1,
  };
}
