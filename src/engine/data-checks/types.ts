/**
 * The vocabulary of fixture validation: what a check reports and what it is
 * given. A check never throws for a broken fixture; it reports a finding
 * naming the file (relative to the data root where possible) and the JSON
 * path, and goes on.
 */
import type { Registry } from "../registry.js";
import type { Provenance } from "../../loaders/provenance.js";

/** The fixture folders a check can be limited to (`--domain`). */
export const FIXTURE_DOMAINS = ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"] as const;
export type FixtureDomain = (typeof FIXTURE_DOMAINS)[number];

export const CHECK_NAMES = [
  "schemas",
  "eva-upstream",
  "telecom-toml",
  "telecom-upstream",
  "env-sides",
  "airline-shards",
  "references",
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/**
 * `error`: the fixtures are not what evalsim needs (a schema failure, a copy
 * that differs from upstream, a hash that does not match its pin).
 * `warning`: upstream data that is odd but loads (a dangling id, a field the
 * conversion filled in); it may be excused by a known-divergence entry.
 */
export type Severity = "error" | "warning";

export interface Finding {
  readonly check: CheckName;
  readonly severity: Severity;
  readonly file: string;
  /** JSON path inside the file (`[2].evaluation_criteria.actions[1]`), when one applies. */
  readonly path?: string;
  readonly message: string;
  /**
   * A stable name for the underlying defect, shared by every finding it
   * causes; a known-divergence entry with this id excuses a warning.
   */
  readonly defect?: string;
  readonly scenario?: string;
}

export interface ValidationContext {
  readonly dataRoot: string;
  /** The upstream copies (`<data root>/upstream` by default). */
  readonly upstreamDir: string;
  /** evalsim's own eva gold trajectories (`data/eva_airline/gold`). */
  readonly evaGoldDir: string;
  readonly provenance: Provenance;
  readonly registry: Registry;
}

export interface Check {
  readonly name: CheckName;
  /** The domains whose fixtures it reads; it runs only when one of them is selected. */
  readonly domains: readonly FixtureDomain[];
  run(ctx: ValidationContext, domains: ReadonlySet<FixtureDomain>): Finding[];
}
