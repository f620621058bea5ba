/**
 * `evalsim gold`: replay every selected scenario's gold calls and compare the
 * end DB with the expected one (shipped for eva; a `--verify-against` map for
 * tau2), plus the DB-state assertions where a scenario has them.
 */
import type { CatalogEntry } from "../engine/catalog.js";
import { evaluateAssertions, type AssertionVerdict } from "../engine/assertions.js";
import { scenarioToday } from "../engine/scenario.js";
import { GoldCallError, goldReplay } from "./gold.js";
import { createRng } from "../engine/rng.js";
import type { DbDiff } from "../scoring/diff.js";
import { computeDbDiff } from "../scoring/diff.js";
import { dbHash, summaryHash } from "../hash/db/index.js";
import { divergenceFor, loadKnownDivergences } from "../loaders/known-divergences.js";

/** The outcome of one scenario's gold replay: whether the end DB matches, with its hashes. */
export interface GoldRow {
  readonly name: string;
  readonly domain: string;
  readonly db_hash: string | null;
  readonly user_db_hash: string | null;
  readonly expected_hash: string | null;
  /** null when there is nothing to compare against. */
  readonly match: boolean | null;
  readonly actions: number;
  readonly warnings: readonly string[];
  readonly assertions?: readonly AssertionVerdict[];
  /** The id of the known-divergences entry that explains a failure. */
  readonly known_divergence?: string;
  /** With `diff: true`, the structured diff expected → actual when the hashes differ. */
  readonly diff?: DbDiff;
  /** A gold call's tool raised an exception: the scenario could not be replayed (the row fails). */
  readonly error?: string;
}

/** Every option has a default: `verifyGold(entry)` replays with seed 0, the scenario's own date, no hash map and no diff. */
export interface GoldOptions {
  /** Overrides "today" for scenarios whose reference reads the system clock. */
  readonly today?: string | undefined;
  /** Seeds the replay's RNG; default 0 (what `evalsim gold` uses without --seed). */
  readonly seed?: number | undefined;
  /** `{scenario_name: db_hash}` to compare tau2 scenarios against. */
  readonly verifyAgainst?: Readonly<Record<string, string>> | undefined;
  /** Attach the DB diff to mismatching rows that have a shipped expected DB. */
  readonly diff?: boolean;
}

/** Replay a scenario's gold calls and check the end DB (and, for telecom, the assertions) against the expected outcome: one row of `evalsim gold`. */
export function verifyGold(entry: CatalogEntry, opts: GoldOptions = {}): GoldRow {
  const { scenario, domain } = entry;
  const today = scenarioToday(scenario, opts.today);
  const rng = createRng(opts.seed ?? 0).fork(`gold:${scenario.name}`);
  let replay: ReturnType<typeof goldReplay>;
  try {
    replay = goldReplay(domain, scenario, { today, rng });
  } catch (e) {
    if (!(e instanceof GoldCallError)) throw e;
    return { name: scenario.name, domain: domain.name, db_hash: null, user_db_hash: null, expected_hash: null, match: null, actions: 0, warnings: [], error: e.message };
  }
  const db = replay.state.dbs.agent;
  const userDb = replay.state.dbs.user;
  const dbH = summaryHash(db);
  const shipped = scenario.shippedExpectedDb();
  const expected = shipped ? dbHash(shipped) : (opts.verifyAgainst?.[scenario.name] ?? null);
  const match = expected === null ? null : dbH === expected;
  const assertions =
    scenario.dbStateAssertions.length > 0 ? evaluateAssertions(domain, scenario.dbStateAssertions, db, userDb) : undefined;
  const failed = match === false || (assertions?.some((a) => !a.passed) ?? false);
  const known = failed ? divergenceFor(scenario.name, "gold", [...loadKnownDivergences(), ...(domain.knownDivergences ?? [])]) : undefined;
  return {
    name: scenario.name,
    domain: domain.name,
    db_hash: dbH,
    user_db_hash: summaryHash(userDb),
    expected_hash: expected,
    match,
    actions: replay.actions.length,
    warnings: replay.warnings,
    ...(assertions ? { assertions } : {}),
    ...(known ? { known_divergence: known.id } : {}),
    ...(opts.diff && match === false && shipped && db ? { diff: computeDbDiff(shipped, db) } : {}),
  };
}

/** A row fails when its hash or an assertion disagrees and no known divergence explains it. */
export function rowFailed(row: GoldRow): boolean {
  if (row.error !== undefined) return true;
  if (row.known_divergence) return false;
  return row.match === false || (row.assertions?.some((a) => !a.passed) ?? false);
}

