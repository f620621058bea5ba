/**
 * The vocabulary of fixture validation: what a check reports and what it is
 * given. A check never throws for a broken fixture; it reports a finding
 * naming the file (relative to the data root where possible) and the JSON
 * path, and goes on.
 */
import type { Scenario } from "../scenario.js";
import type { Provenance } from "../../loaders/provenance.js";

/** A check's name, as findings and `--json` reports show it (`schemas`, `references`, `eva-upstream`). */
export type CheckName = string;

/**
 * `error`: the fixtures are not what evalsim needs (a schema failure, a copy
 * that differs from upstream, a hash that does not match its pin).
 * `warning`: upstream data that is odd but loads (a dangling id, a field the
 * conversion filled in); it may be excused by a known-divergence entry.
 */
export type Severity = "error" | "warning";

/** One finding of `validate-fixtures`: the check, its severity, the file and JSON path, and what is wrong. */
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

/** What a fixture check reads: the data root, the upstream copies and the fixtures' provenance. */
export interface ValidationContext {
  readonly dataRoot: string;
  /** The upstream copies (`<data root>/upstream` by default). */
  readonly upstreamDir: string;
  readonly provenance: Provenance;
  /** The scenarios a registered domain builds from this data root (none for an unknown name); a FixtureError when they cannot be built. */
  scenarios(domain: string): readonly Scenario[];
}

/**
 * A check a domain declares beside the generic ones (schemas, references).
 * It runs once over every selected domain that declares it (the same value
 * may be declared by several domains).
 */
export interface Check {
  readonly name: CheckName;
  run(ctx: ValidationContext, domains: ReadonlySet<string>): Finding[];
}
