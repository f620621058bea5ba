/**
 * `evalsim crosscheck`: evalsim as the executable specification of the
 * NeMo Voice-Agent harness. The reference's own Python tools (imported from
 * a checkout by python/crosscheck_reference_driver.py) and evalsim run the same gold
 * trajectories and generated calls; every difference is a finding, grouped
 * by tool or rule with its smallest example, and those data/known-divergences.json
 * explains are listed apart.
 */
import type { Registry } from "../engine/registry.js";
import { loadCatalog } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import type { DataRootOptions } from "../loaders/data-root.js";
import { resolveDataRoot } from "../loaders/data-root.js";
import { loadKnownDivergences } from "../loaders/known-divergences.js";
import { runCallsFamilies } from "./calls/run-calls.js";
import type { Family } from "./families.js";
import { FindingSet } from "./findings.js";
import { runGoldFamily } from "./gold.js";
import { runScoringFamily } from "./scoring.js";
import { pinOf, readPin, SURFACE_PIN_FILE, writePin } from "./surface-pin.js";
import { referenceSurface, runSurfaceFamily } from "./surface.js";
import { preflight } from "./preflight.js";
import type { Reference } from "./reference-process.js";
import { startReference } from "./reference-process.js";
import type { ReferenceDeadlines } from "./reference-process.js";
import type { CrosscheckReport } from "./report.js";
import type { CrosscheckSize } from "./sizes.js";

/** The domains the reference driver knows how to start. */
export const CROSSCHECK_DOMAINS = ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"] as const;

/** What `runCrosscheck` runs: the reference checkout, the families and their sizes. */
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
  /** `--reference-start-timeout`, `--reference-timeout` (default DEFAULT_DEADLINES). */
  readonly deadlines?: ReferenceDeadlines;
  /** evalsim's record of the reference's prompts (default data/crosscheck/reference-surface.json). */
  readonly surfacePin?: string | undefined;
  /** Progress lines (stderr). */
  readonly progress?: (line: string) => void;
}

export class CrosscheckInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CrosscheckInputError";
  }
}

/** Start the driver on a checked checkout (preflight first); the data root is the one holding the first domain's fixtures. */
async function start(opts: CrosscheckOptions): Promise<{ reference: Reference; domains: Domain[]; rootOpts: DataRootOptions }> {
  const python = opts.python ?? "python3";
  const root = preflight(opts.reference, python);
  const wanted = opts.domains ?? CROSSCHECK_DOMAINS;
  const domains: Domain[] = wanted.map((n) => {
    const d = opts.registry.domains.find((x) => x.name === n);
    if (!d || !(CROSSCHECK_DOMAINS as readonly string[]).includes(n)) throw new CrosscheckInputError(`--domain: unknown domain '${n}' (expected ${CROSSCHECK_DOMAINS.join(", ")})`);
    return d;
  });
  const rootOpts = { flag: opts.dataRoot, env: opts.env ?? process.env };
  const dataRoot = resolveDataRoot({ ...rootOpts, mustContain: domains[0]?.name ?? "eva_airline" });
  return { reference: await startReference(root, dataRoot, python, opts.deadlines), domains, rootOpts };
}

/** The scenario buckets of the domains (telecom's workflow suite is a bucket of its own). */
const bucketsOf = (domains: readonly Domain[]): string[] => domains.flatMap((d) => (d.name === "tau2_telecom" ? ["tau2_telecom", "tau2_telecom_workflow"] : [d.name]));

/**
 * Record the reference's prompts (digests only) as the surface family's
 * record: run once against the commit evalsim was verified against.
 */
export async function pinSurface(opts: CrosscheckOptions, file: string, label: string): Promise<number> {
  const { reference, domains } = await start(opts);
  try {
    const scenarios = await referenceSurface(reference, bucketsOf(domains));
    writePin(file, pinOf(scenarios, label));
    return Object.keys(scenarios).length;
  } finally {
    await reference.close();
  }
}

/** Run the NeMo harness's own Python beside evalsim on the same inputs and report every difference: what `evalsim crosscheck` does. */
export async function runCrosscheck(opts: CrosscheckOptions): Promise<CrosscheckReport> {
  const { reference, domains, rootOpts } = await start(opts);
  const catalog = loadCatalog(opts.registry, rootOpts, domains);
  const findings = new FindingSet();
  const families = new Set(opts.families);
  let gold: CrosscheckReport["gold"];
  let calls: CrosscheckReport["calls"];
  let surface: CrosscheckReport["surface"];
  let surfaceRecord: string | null = null;
  let scoring: CrosscheckReport["scoring"];
  try {
    if (families.has("gold")) {
      opts.progress?.("gold: replaying every scenario's gold calls through the reference's tools");
      gold = await runGoldFamily(domains, catalog, reference, findings, opts.size.goldScenarios ?? undefined);
    }
    if (families.has("surface")) {
      opts.progress?.("surface: the prompts and tool lists the reference's bridge sends, per scenario");
      const pin = readPin(opts.surfacePin ?? SURFACE_PIN_FILE);
      surfaceRecord = pin?.reference ?? null;
      surface = await runSurfaceFamily(domains, catalog, reference, findings, pin);
    }
    if (families.has("scoring")) {
      opts.progress?.(`scoring: ${opts.size.outcomes} generated outcomes through the reference's scoring and aggregation`);
      scoring = await runScoringFamily(reference, findings, { seed: opts.size.seeds[0] ?? 1, outcomes: opts.size.outcomes, values: opts.size.values, buckets: bucketsOf(domains), domains, catalog });
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
    ...(surface ? { surface, surfaceRecord } : {}),
    ...(scoring ? { scoring } : {}),
    findings: unexplained,
    known: all.filter((f) => f.known),
    exit: unexplained.length === 0 ? 0 : 1,
  };
}
