/**
 * The scoring family: a generated population of outcomes (scoring-population.ts)
 * through the reference's own scoring (Scenario.compute_is_successful for each
 * composite, RunAggregator.add_scenario with `min_agent_turns` for the run's
 * rates) beside evalsim's (scoreScenario, computeTotals). A rate that differs
 * is reported with the smallest example: one outcome that alone makes the
 * two aggregations differ. Beside them: the runner's `_signal_passes`
 * (scoring-signals.ts), `check_if_task_success` on generated and real
 * answers (scoring-signals.ts), `all_summary.txt` (scoring-summary.ts) and
 * the DB-state predicates on real states (scoring-predicates.ts).
 */
import type { JsonObject } from "../json/types.js";
import { computeTotals } from "../run/summary/aggregate.js";
import type { FindingSet } from "./findings.js";
import type { PartTally } from "./scoring-ask.js";
import type { Reference } from "./reference-process.js";
import { ReferenceFailedError } from "./reference-process.js";
import { compareActionMatch, compareSignalPasses } from "./scoring-signals.js";
import { compareSummary } from "./scoring-summary.js";
import { comparePredicates } from "./scoring-predicates.js";
import type { Catalog } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import type { Outcome } from "./scoring-population.js";
import { population, referenceOutcome } from "./scoring-population.js";

/** One piece of the reference's scoring: how many values were compared and how many differ (or why it was not compared). */
export interface ScoringTally {
  outcomes: number;
  /** Composites and rates compared, and how many differ (all parts together). */
  compared: number;
  differing: number;
  /** Per piece of the reference's scoring (compute_is_successful, _signal_passes, …). */
  parts: Record<string, PartTally>;
}

type Buckets = Readonly<Record<string, readonly boolean[] | number | null>>;

interface ScoringAnswer {
  readonly composites: readonly (boolean | string)[];
  readonly missing?: string;
  readonly single: readonly Buckets[];
  readonly all: Buckets;
  readonly fatal?: string;
  readonly trace?: string;
}

const rate = (xs: readonly boolean[]): number | null => (xs.length === 0 ? null : Math.round((xs.filter(Boolean).length / xs.length) * 1e6) / 1e6);

/** The run-level numbers both sides give, by the reference's bucket names. */
function evalsimBuckets(metrics: readonly JsonObject[]): Record<string, number | null> {
  const t = computeTotals(metrics, 1);
  return {
    success: t.success_rate,
    task_success: t.task_success_rate,
    is_action_match: t.signal_rates["is_action_match"] ?? null,
    db_state_match: t.signal_rates["db_state_match"] ?? null,
    db_state_assertion: t.signal_rates["db_state_assertion"] ?? null,
    clean_exit: t.signal_rates["clean_exit"] ?? null,
    judge_passed: t.signal_rates["judge_passed"] ?? null,
    nl_assertion: t.rates.signals["nl_assertion"]?.rate ?? null,
    judge_score_mean: t.judge_score_mean ?? null,
    insufficient_agent_turns: metrics.filter((m) => m["insufficient_agent_turns"] === true).length,
  };
}

function referenceBuckets(b: Buckets): Record<string, number | null> {
  return Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v === null || typeof v === "number" ? v : rate(v)]));
}

/** Equal, or (a mean evalsim rounds to six places) within that rounding. */
const same = (a: number | null | undefined, b: number | null | undefined): boolean => a === b || (typeof a === "number" && typeof b === "number" && Math.abs(a - b) <= 5e-7);

const example = (o: Outcome, minAgentTurns: number, reference: unknown, evalsim: unknown): Parameters<FindingSet["add"]>[3] => ({
  scenario: o.name,
  calls: [],
  reference,
  evalsim: { ...(evalsim as object), outcome: { whitelist: o.whitelist, verdicts: o.verdicts, agent_turns: o.agentTurns, min_agent_turns: minAgentTurns } },
});

/** Composites (Scenario.compute_is_successful) and RunAggregator's buckets, with the turn rule on and off. */
async function compareAggregation(reference: Reference, findings: FindingSet, seed: number, count: number): Promise<PartTally & { outcomes: number }> {
  const tally = { outcomes: 0, compared: 0, differing: 0 };
  // With the turn rule on (the harness's usual 3) and off.
  for (const minAgentTurns of [3, 0]) {
    const outcomes = population(seed, count, minAgentTurns);
    const answer = (await reference.ask({ id: 0, op: "scoring", min_agent_turns: minAgentTurns, outcomes: outcomes.map(referenceOutcome) })) as unknown as ScoringAnswer;
    if (answer.fatal) throw new ReferenceFailedError(`reference driver failed scoring: ${answer.fatal}\n${answer.trace ?? ""}`);
    tally.outcomes += outcomes.length;
    outcomes.forEach((o, i) => {
      tally.compared++;
      const theirs = answer.composites[i];
      if (theirs === o.composite) return;
      tally.differing++;
      findings.add("scoring", "Scenario.compute_is_successful: composite", o.domain, example(o, minAgentTurns, { is_successful: theirs }, { is_successful: o.composite }));
    });
    const ours = evalsimBuckets(outcomes.map((o) => o.metrics));
    const theirs = referenceBuckets(answer.all);
    for (const bucket of Object.keys(theirs)) {
      tally.compared++;
      if (same(theirs[bucket], ours[bucket])) continue;
      tally.differing++;
      // The smallest example: the first outcome that alone makes this bucket differ.
      const i = outcomes.findIndex((o, j) => !same(referenceBuckets(answer.single[j] as Buckets)[bucket], evalsimBuckets([o.metrics])[bucket]));
      const o = outcomes[Math.max(0, i)] as Outcome;
      const one = answer.single[Math.max(0, i)] as Buckets;
      findings.add(
        "scoring",
        `RunAggregator.add_scenario (min_agent_turns ${minAgentTurns}): ${bucket}`,
        "all",
        example(o, minAgentTurns, { [bucket]: referenceBuckets(one)[bucket], population: theirs[bucket] }, { [bucket]: evalsimBuckets([o.metrics])[bucket], population: ours[bucket] }),
      );
    }
  }
  return tally;
}

export interface ScoringSize {
  readonly seed: number;
  /** Generated outcomes per `min_agent_turns` setting. */
  readonly outcomes: number;
  /** Generated values for `_signal_passes` and generated answer pairs for `check_if_task_success`. */
  readonly values: number;
  /** The scenario buckets whose real reference answers `check_if_task_success` also reads. */
  readonly buckets: readonly string[];
  /** The domains and scenarios whose DB-state assertions are judged on both sides. */
  readonly domains: readonly Domain[];
  readonly catalog: Catalog;
}

export async function runScoringFamily(reference: Reference, findings: FindingSet, size: ScoringSize): Promise<ScoringTally> {
  const agg = await compareAggregation(reference, findings, size.seed, size.outcomes);
  const parts: Record<string, PartTally> = {
    "compute_is_successful, RunAggregator": { compared: agg.compared, differing: agg.differing },
    _signal_passes: await compareSignalPasses(reference, findings, size.seed, size.values),
    check_if_task_success: await compareActionMatch(reference, findings, size.seed, size.values, size.buckets),
    db_state_predicates: await comparePredicates(size.domains, size.catalog, reference, findings),
    "all_summary.txt": await compareSummary(reference, findings, size.seed, size.outcomes),
  };
  const all = Object.values(parts);
  return { outcomes: agg.outcomes, compared: all.reduce((n, p) => n + p.compared, 0), differing: all.reduce((n, p) => n + p.differing, 0), parts };
}
