/**
 * Two runs side by side: each scenario's category (fixed, regressed, …), the
 * pass rates per domain and per signal with their differences, pass^k, and a
 * paired-bootstrap interval for each domain's difference. Errored trials are
 * kept apart: they are counted and shown, never part of a rate.
 */
import type { Diagnosis } from "../diagnosis/types.js";
import { readDiagnosis } from "../diagnosis/phrase.js";
import type { FailureKinds } from "../diagnosis/tally.js";
import { tallyDiagnoses } from "../diagnosis/tally.js";
import type { RunFolder, TrialRecord } from "../results/read-run.js";
import { compareNames } from "../results/read-run.js";
import { trialSeconds } from "../results/junit.js";
import { reasonLine } from "../results/reasons.js";
import { violationPhrase, violationsOf } from "../results/policy-lines.js";
import { passHatK } from "../run/summary/aggregate.js";
import type { Tally } from "../run/summary/rates.js";
import { computeRates, passCounts } from "../run/summary/rates.js";
import { SIGNAL_ORDER } from "../scoring/signals.js";
import type { Interval } from "./bootstrap.js";
import { pairedBootstrap } from "./bootstrap.js";
import type { Comparability } from "./comparable.js";
import { checkComparable, CompareError } from "./comparable.js";

export const CATEGORIES = ["regressed", "errored_now", "fixed", "still_failing", "errored_before", "still_passing", "only_in_base", "only_in_cand"] as const;
export type Category = (typeof CATEGORIES)[number];

/** One scenario in one run, over its trials. */
export interface ScenarioSide {
  readonly trials: number;
  readonly passed: number;
  readonly errored: number;
  /** passed / (trials − errored); null when every trial errored. */
  readonly pass_fraction: number | null;
  /** The reason line of the first trial that did not pass. */
  readonly reason: string | null;
  /** Simulated conversation seconds over its trials, when the metrics say. */
  readonly seconds?: number;
}

export interface ScenarioComparison {
  readonly name: string;
  readonly domain: string;
  readonly category: Category;
  readonly base: ScenarioSide | null;
  readonly cand: ScenarioSide | null;
}

/** A rate as src/run/summary/rates.ts defines it (what it counts included), plus the errored trials it leaves out. */
export interface Rate extends Tally {
  readonly errored: number;
}

export interface RateRow {
  readonly base: Rate;
  readonly cand: Rate;
  readonly difference: number | null;
}

export interface DomainComparison {
  readonly domain: string;
  /** Scenarios in both runs, of which `paired` have a counted trial in both. */
  readonly scenarios: number;
  readonly paired: number;
  readonly success: RateRow;
  readonly signals: Record<string, RateRow>;
  readonly pass_hat_k: { readonly base: Record<string, number | null>; readonly cand: Record<string, number | null> };
  /** 95 % paired-bootstrap interval of the mean per-scenario pass-fraction difference (cand − base). */
  readonly interval: Interval | null;
}

/** Two runs compared: each scenario's category (regressed, fixed, ...), per-domain and per-signal rates with their differences and intervals, and warnings. */
export interface Comparison {
  readonly base: string;
  readonly cand: string;
  readonly seed: number;
  readonly comparability: Comparability;
  readonly counts: Record<Category, number>;
  readonly scenarios: readonly ScenarioComparison[];
  /** Per domain, then `all` over every domain. */
  readonly domains: readonly DomainComparison[];
  /** Failed trials by the kind of their diagnosis (and by tool) on each side; only when a side has a diagnosed trial. */
  readonly failure_kinds?: { readonly base: FailureKinds; readonly cand: FailureKinds };
  /** Policy rules broken in one run and not the other, per scenario in both; absent when none changed. */
  readonly policy?: { readonly appeared: readonly PolicyChange[]; readonly went_away: readonly PolicyChange[] };
}

/** A rule a scenario's trials broke in one run only, with the first violation's facts (from that run). */
export interface PolicyChange {
  readonly name: string;
  readonly rule: string;
  readonly violation: string;
}

/** The rules each scenario's trials broke, with the first violation of each. */
function rulesBroken(trials: readonly TrialRecord[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of trials) for (const v of violationsOf(t.metrics)) if (!out.has(v.rule)) out.set(v.rule, violationPhrase(v));
  return out;
}

function policyChanges(names: readonly string[], b: ReadonlyMap<string, TrialRecord[]>, c: ReadonlyMap<string, TrialRecord[]>): Comparison["policy"] {
  const appeared: PolicyChange[] = [];
  const wentAway: PolicyChange[] = [];
  for (const name of names) {
    const bt = b.get(name);
    const ct = c.get(name);
    if (!bt || !ct) continue;
    const [before, after] = [rulesBroken(bt), rulesBroken(ct)];
    for (const [rule, violation] of after) if (!before.has(rule)) appeared.push({ name, rule, violation });
    for (const [rule, violation] of before) if (!after.has(rule)) wentAway.push({ name, rule, violation });
  }
  return appeared.length + wentAway.length > 0 ? { appeared, went_away: wentAway } : undefined;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const EMPTY = { passed: 0, n: 0, rate: null } as const;

function group(records: readonly TrialRecord[]): Map<string, TrialRecord[]> {
  const out = new Map<string, TrialRecord[]>();
  for (const r of records) {
    const list = out.get(r.name);
    if (list) list.push(r);
    else out.set(r.name, [r]);
  }
  return out;
}

function side(trials: readonly TrialRecord[]): ScenarioSide {
  const errored = trials.filter((t) => t.status === "errored").length;
  const passed = trials.filter((t) => t.status === "passed").length;
  const counted = trials.length - errored;
  const notPassed = trials.find((t) => t.status !== "passed");
  const times = trials.flatMap((t) => {
    const s = trialSeconds(t);
    return s === undefined ? [] : [s];
  });
  return {
    trials: trials.length,
    passed,
    errored,
    pass_fraction: counted === 0 ? null : round6(passed / counted),
    reason: notPassed ? (reasonLine(notPassed) ?? null) : null,
    ...(times.length > 0 ? { seconds: round6(times.reduce((a, b) => a + b, 0)) } : {}),
  };
}

function categorize(base: ScenarioSide | null, cand: ScenarioSide | null): Category {
  if (!cand) return "only_in_base";
  if (!base) return "only_in_cand";
  if (cand.pass_fraction === null) return "errored_now";
  if (base.pass_fraction === null) return "errored_before";
  if (cand.pass_fraction < base.pass_fraction) return "regressed";
  if (cand.pass_fraction > base.pass_fraction) return "fixed";
  return cand.pass_fraction === 1 ? "still_passing" : "still_failing";
}

function rowOf(b: Tally, c: Tally, errored: readonly [number, number]): RateRow {
  return { base: { ...b, errored: errored[0] }, cand: { ...c, errored: errored[1] }, difference: b.rate === null || c.rate === null ? null : round6(c.rate - b.rate) };
}

function passK(byScenario: ReadonlyMap<string, readonly TrialRecord[]>, names: readonly string[]): Record<string, number | null> {
  const counts = names.map((n) => {
    const [c] = passCounts((byScenario.get(n) ?? []).map((t) => t.metrics));
    return c ?? { n: 0, c: 0 };
  });
  const k = Math.max(0, ...counts.map((c) => c.n));
  const out: Record<string, number | null> = {};
  for (let i = 1; i <= k; i++) out[`pass^${i}`] = passHatK(counts, i);
  return out;
}

function domainRow(domain: string, names: readonly string[], base: ReadonlyMap<string, TrialRecord[]>, cand: ReadonlyMap<string, TrialRecord[]>, sides: ReadonlyMap<string, ScenarioComparison>, seed: number): DomainComparison {
  const bt = names.flatMap((n) => base.get(n) ?? []);
  const ct = names.flatMap((n) => cand.get(n) ?? []);
  const diffs = names.flatMap((n) => {
    const s = sides.get(n);
    const b = s?.base?.pass_fraction;
    const c = s?.cand?.pass_fraction;
    return b === null || b === undefined || c === null || c === undefined ? [] : [c - b];
  });
  const br = computeRates(bt.map((t) => t.metrics));
  const cr = computeRates(ct.map((t) => t.metrics));
  const errored = [br.errored, cr.errored] as const;
  const signals: Record<string, RateRow> = {};
  for (const sig of SIGNAL_ORDER) {
    const b = br.signals[sig];
    const c = cr.signals[sig];
    if (b || c) signals[sig] = rowOf(b ?? { ...EMPTY, unit: (c as Tally).unit }, c ?? { ...EMPTY, unit: (b as Tally).unit }, errored);
  }
  return {
    domain,
    scenarios: names.length,
    paired: diffs.length,
    success: rowOf(br.success, cr.success, errored),
    signals,
    pass_hat_k: { base: passK(base, names), cand: passK(cand, names) },
    interval: pairedBootstrap(diffs, seed, domain) ?? null,
  };
}

/** Compare two run folders scenario by scenario and rate by rate: what `evalsim compare` does. */
export function compareRuns(base: RunFolder, cand: RunFolder, opts: { seed: number }): Comparison {
  const comparability = checkComparable(base, cand);
  const b = group(base.records);
  const c = group(cand.records);
  const names = [...new Set([...b.keys(), ...c.keys()])];
  const domainOf = (n: string): string => ((b.get(n) ?? c.get(n)) as TrialRecord[])[0]?.bucket ?? n;
  names.sort((x, y) => compareNames(domainOf(x), domainOf(y)) || compareNames(x, y));
  const scenarios = names.map((name): ScenarioComparison => {
    const bs = b.has(name) ? side(b.get(name) as TrialRecord[]) : null;
    const cs = c.has(name) ? side(c.get(name) as TrialRecord[]) : null;
    return { name, domain: domainOf(name), category: categorize(bs, cs), base: bs, cand: cs };
  });
  const counts = Object.fromEntries(CATEGORIES.map((k) => [k, scenarios.filter((s) => s.category === k).length])) as Record<Category, number>;
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  const common = scenarios.filter((s) => s.base && s.cand);
  if (common.length === 0 && base.records.length + cand.records.length > 0) {
    throw new CompareError(`${base.dir} and ${cand.dir} have no scenario in common (base ${b.size}, cand ${c.size} scenarios): nothing to compare`);
  }
  const domains = [...new Set(common.map((s) => s.domain))];
  const rows = domains.map((d) => domainRow(d, common.filter((s) => s.domain === d).map((s) => s.name), b, c, byName, opts.seed));
  if (domains.length > 1) rows.push(domainRow("all", common.map((s) => s.name), b, c, byName, opts.seed));
  const kinds = (run: RunFolder): Diagnosis[] => run.records.flatMap((r) => readDiagnosis(r.metrics["diagnosis"]) ?? []);
  const [bk, ck] = [kinds(base), kinds(cand)];
  const failureKinds = bk.length + ck.length > 0 ? { failure_kinds: { base: tallyDiagnoses(bk), cand: tallyDiagnoses(ck) } } : {};
  const policy = policyChanges(names, b, c);
  return { base: base.dir, cand: cand.dir, seed: opts.seed, comparability, counts, scenarios, domains: rows, ...failureKinds, ...(policy ? { policy } : {}) };
}

/** `--fail-on`: which outcomes make `evalsim compare` exit 1. */
export type FailOn = "regressions" | "any" | "never";

/** Whether a comparison fails the CI gate chosen with `--fail-on`. */
export function gateFails(c: Comparison, failOn: FailOn): boolean {
  if (failOn === "never") return false;
  if (failOn === "regressions") return c.counts.regressed + c.counts.errored_now > 0;
  return c.scenarios.some((s) => s.cand !== null && s.cand.pass_fraction !== 1);
}
