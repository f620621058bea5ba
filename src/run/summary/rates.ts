/**
 * The one definition of every rate a view prints (the console summary,
 * summary.json, compare, Markdown, JUnit, the HTML report): what it counts,
 * over which trials. Each rate carries its count and unit, so a view always
 * says "of 40 trials" or "of 200 predicates", never a bare percentage.
 *
 *  - Errored trials are part of no rate (they are counted and shown apart).
 *  - The composite success rate counts the trials whose `is_successful` is a
 *    boolean (the reference's "scenarios whose composite is a bool").
 *  - Signal rates leave out trials stopped for too few agent turns (the
 *    reference's per-signal aggregation does the same); DB assertions count
 *    predicates and NL assertions count assertions where the metrics say how
 *    many, otherwise trials.
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";

export type RateUnit = "trials" | "predicates" | "assertions";

export interface Tally {
  readonly passed: number;
  /** How many units the rate counts. */
  readonly n: number;
  readonly unit: RateUnit;
  /** passed / n, rounded to six places; null when nothing was counted. */
  readonly rate: number | null;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function tally(unit: RateUnit, parts: readonly (readonly [number, number])[]): Tally {
  let passed = 0;
  let n = 0;
  for (const [p, k] of parts) {
    passed += p;
    n += k;
  }
  return { passed, n, unit, rate: n === 0 ? null : round6(passed / n) };
}

const bool = (v: JsonValue | undefined): readonly [number, number] | undefined => (typeof v === "boolean" ? [v ? 1 : 0, 1] : undefined);

/** One signal's verdict in a trial as (passed, counted) units; undefined when it does not apply. */
interface SignalRate {
  readonly unit: RateUnit;
  count(m: JsonObject): readonly [number, number] | undefined;
}

function assertionCount(m: JsonObject): readonly [number, number] | undefined {
  const verdicts = m["db_state_assertion_verdicts"];
  if (!Array.isArray(verdicts) || verdicts.length === 0) return undefined;
  return [verdicts.filter((v) => isJsonObject(v) && v["passed"] === true).length, verdicts.length];
}

function nlCount(m: JsonObject): readonly [number, number] | undefined {
  const total = m["nl_assertion_total"];
  const passes = m["nl_assertion_pass_count"];
  if (typeof total === "number" && typeof passes === "number" && total > 0) return [passes, total];
  const r = m["nl_assertion_pass_rate"];
  return typeof r === "number" ? [r >= 1 ? 1 : 0, 1] : undefined;
}

/** The signals every view reports, in the reference's order, with what each counts. */
export const SIGNAL_RATES: Readonly<Record<string, SignalRate>> = {
  is_action_match: { unit: "trials", count: (m) => bool(m["is_action_match"]) },
  db_state_match: { unit: "trials", count: (m) => bool(m["db_state_match"]) },
  db_state_assertion: { unit: "predicates", count: assertionCount },
  nl_assertion: { unit: "assertions", count: nlCount },
  judge_passed: { unit: "trials", count: (m) => bool(m["judge_passed"]) },
  clean_exit: { unit: "trials", count: (m) => bool(m["clean_exit"]) },
};

/** Signals every summary lists even when nothing was counted (N/A), so its shape stays put. */
const ALWAYS_LISTED = new Set(["is_action_match", "db_state_match", "db_state_assertion", "clean_exit"]);

export interface RunRates {
  /** Trials on disk, errored ones included. */
  readonly trials: number;
  readonly errored: number;
  readonly success: Tally;
  readonly task_success: Tally;
  readonly signals: Readonly<Record<string, Tally>>;
}

const counted = (all: readonly JsonObject[]): JsonObject[] => all.filter((m) => m["status"] !== "errored");

/** Every rate of a set of trials (a run, a domain, one side of a comparison). */
export function computeRates(all: readonly JsonObject[], opts: { listAll?: boolean } = {}): RunRates {
  const trials = counted(all);
  const forSignals = trials.filter((m) => m["insufficient_agent_turns"] !== true);
  const signals: Record<string, Tally> = {};
  for (const [key, def] of Object.entries(SIGNAL_RATES)) {
    const parts = forSignals.flatMap((m) => {
      const c = def.count(m);
      return c ? [c] : [];
    });
    if (parts.length > 0 || (opts.listAll === true && ALWAYS_LISTED.has(key))) signals[key] = tally(def.unit, parts);
  }
  const parts = (k: string): (readonly [number, number])[] =>
    trials.flatMap((m) => {
      const c = bool(m[k]);
      return c ? [c] : [];
    });
  return {
    trials: all.length,
    errored: all.length - trials.length,
    success: tally("trials", parts("is_successful")),
    task_success: tally("trials", parts("is_task_successful")),
    signals,
  };
}

/** Per scenario: trials counted (not errored) and trials passed, for pass^k. */
export function passCounts(all: readonly JsonObject[]): { n: number; c: number }[] {
  const by = new Map<string, { n: number; c: number }>();
  for (const m of counted(all)) {
    const name = String(m["scenario_name"]);
    const s = by.get(name) ?? { n: 0, c: 0 };
    s.n++;
    if (m["status"] === "passed") s.c++;
    by.set(name, s);
  }
  return [...by.values()];
}

const UNIT_ONE: Record<RateUnit, string> = { trials: "trial", predicates: "predicate", assertions: "assertion" };

export const percent = (x: number | null | undefined): string => (x === null || x === undefined ? "N/A" : `${(x * 100).toFixed(1)}%`);

/** `17.5% of 40 trials`; `N/A (no trials)` when nothing was counted. */
export function tallyText(t: Tally): string {
  if (t.rate === null) return `N/A (no ${t.unit})`;
  return `${percent(t.rate)} of ${t.n} ${t.n === 1 ? UNIT_ONE[t.unit] : t.unit}`;
}

/** The headline count: `Scenarios: 50`, or with several trials a scenario `Trials: 150 over 50 scenarios`. */
export function trialCountText(trials: number, scenarios: number): string {
  return trials === scenarios ? `Scenarios: ${scenarios}` : `Trials: ${trials} over ${scenarios} scenarios`;
}
