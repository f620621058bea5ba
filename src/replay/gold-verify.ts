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
import { findTool } from "../engine/toolbox.js";
import { promptLeaks } from "../engine/authoring-check.js";
import type { Side, ToolResult } from "../engine/types.js";
import type { ReplayedCall } from "./call-list.js";
import type { TranscriptEvent } from "../engine/conversation/types.js";
import { evaluateChecks, type CallVerdict } from "../scoring/declared-checks.js";

/** A gold call whose tool answered with an error (a refusal, arguments it rejected, a crash). */
export interface RefusedGoldCall {
  /** Its position in the scenario's `goldCalls()`. */
  readonly index: number;
  readonly name: string;
  readonly side: Side;
  readonly status: string;
  /** The tool's message (its result's `message` or `error`), else the whole result as JSON. */
  readonly message: string;
}

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
  /** Every gold call whose result is an error, in call order. */
  readonly refused_calls?: readonly RefusedGoldCall[];
  /**
   * True when a refused gold call fails the row (`authored`): an
   * authored domain's gold list must go through. The built-in tau2 lists hold
   * the reference's own failed look-ups, which its verdicts accept.
   */
  readonly refusals_fail?: true;
  /**
   * A scenario's `mustCall` and `mustNotCall` checks decided on its gold
   * calls: a gold list that breaks them cannot pass its own checks (the
   * oracle makes exactly these calls). `communicate` is the oracle's to say.
   */
  readonly checks?: { readonly passed: boolean; readonly must_not_call: readonly CallVerdict[]; readonly must_call: readonly CallVerdict[] };
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
  /**
   * The domain is authored (a plugin, checked when it loads): a gold call
   * whose result is an error fails the row, and an agent prompt or tool
   * description that gives the answer away is a warning. Default false: a
   * refused call is listed in `refused_calls` only, as the built-in tau2
   * lists hold the reference's own refused look-ups.
   */
  readonly authored?: boolean;
}

function messageOf(result: ToolResult): string {
  if (typeof result === "object" && result !== null && !Array.isArray(result)) {
    for (const key of ["message", "error"]) {
      const v = (result as Record<string, unknown>)[key];
      if (typeof v === "string") return v;
    }
  }
  return JSON.stringify(result);
}

/** The gold calls as a transcript of calls and results, for the declared call checks. */
function goldTranscript(steps: readonly ReplayedCall[]): TranscriptEvent[] {
  return steps.flatMap((c, i): TranscriptEvent[] => [
    { type: "tool_call", t: i, side: c.side, id: `gold-${i}`, name: c.name, arguments: c.arguments },
    { type: "tool_result", t: i, side: c.side, id: `gold-${i}`, name: c.name, status: c.status, result: c.result },
  ]);
}

/** The replayed steps that are errors, each with its index in the gold list (calls naming no tool were skipped). */
function refusedCalls(entry: CatalogEntry, steps: readonly ReplayedCall[]): RefusedGoldCall[] {
  const out: RefusedGoldCall[] = [];
  let at = 0;
  entry.scenario.goldCalls().forEach((call, index) => {
    if (!findTool(entry.domain, call.side ?? "agent", call.name, "records")) return;
    const step = steps[at++];
    if (step && step.status !== "ok") out.push({ index, name: step.name, side: step.side, status: step.status, message: messageOf(step.result) });
  });
  return out;
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
  const refused = refusedCalls(entry, replay.steps);
  const refusalsFail = opts.authored === true;
  const declared = scenario.checks;
  const verdict = declared && declared.mustCall.length + declared.mustNotCall.length > 0 ? evaluateChecks(domain, { ...declared, communicate: [] }, goldTranscript(replay.steps)) : undefined;
  const checks = verdict ? { passed: verdict.passed, must_not_call: verdict.must_not_call, must_call: verdict.must_call } : undefined;
  const failed = match === false || (assertions?.some((a) => !a.passed) ?? false) || (refusalsFail && refused.length > 0) || checks?.passed === false;
  const known = failed ? divergenceFor(scenario.name, "gold", [...loadKnownDivergences(), ...(domain.knownDivergences ?? [])]) : undefined;
  return {
    name: scenario.name,
    domain: domain.name,
    db_hash: dbH,
    user_db_hash: summaryHash(userDb),
    expected_hash: expected,
    match,
    actions: replay.actions.length,
    warnings: opts.authored === true ? [...replay.warnings, ...promptLeaks(domain, scenario).map((w) => `prompt leak: ${w}`)] : replay.warnings,
    ...(assertions ? { assertions } : {}),
    ...(known ? { known_divergence: known.id } : {}),
    ...(refused.length > 0 ? { refused_calls: refused } : {}),
    ...(refusalsFail ? { refusals_fail: true as const } : {}),
    ...(checks ? { checks } : {}),
    ...(opts.diff && match === false && shipped && db ? { diff: computeDbDiff(shipped, db) } : {}),
  };
}

/** A row fails when its hash or an assertion disagrees and no known divergence explains it. */
export function rowFailed(row: GoldRow): boolean {
  if (row.error !== undefined) return true;
  if (row.known_divergence) return false;
  return row.match === false || (row.assertions?.some((a) => !a.passed) ?? false) || (row.refusals_fail === true && (row.refused_calls?.length ?? 0) > 0) || row.checks?.passed === false;
}

