/**
 * Run-level outputs, computed only from the per-scenario metrics so that a
 * resumed, merged or sharded run aggregates exactly like a single full run.
 */
import { formatReplies, totalReplies } from "../scenario/reply-counts.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import type { Tally } from "./rates.js";
import { computeRates, passCounts, percent, tallyText, trialCountText } from "./rates.js";
import type { RunSpend } from "./spend.js";
import { computeSpend, formatSpend } from "./spend.js";
import { readDiagnosis } from "../../diagnosis/phrase.js";
import type { FailureKinds } from "../../diagnosis/tally.js";
import { failureKindsText, tallyDiagnoses } from "../../diagnosis/tally.js";

export interface ScenarioSummary {
  name: string;
  domain: string;
  bucket: string;
  trial: number;
  status: string;
  is_successful: JsonValue;
  signals: JsonObject;
  db_hash: JsonValue;
  user_db_hash: JsonValue;
}

const SIGNAL_KEYS = ["is_action_match", "db_state_match", "db_state_assertion_pass_rate", "nl_assertion_pass_rate", "judge_passed", "clean_exit"];

export function summarize(m: JsonObject): ScenarioSummary {
  const signals: JsonObject = {};
  for (const k of SIGNAL_KEYS) if (m[k] !== undefined) signals[k] = m[k];
  const readability = m["voice_readability"] as JsonObject | undefined;
  if (readability !== undefined) signals["voice_readability"] = readability["score"] ?? null;
  const name = String(m["scenario_name"]);
  return {
    name,
    domain: String(m["domain"]),
    bucket: name.split("__")[0] ?? name,
    trial: Number(m["trial"] ?? 1),
    status: String(m["status"]),
    is_successful: m["is_successful"] ?? null,
    signals,
    db_hash: m["db_hash"] ?? null,
    user_db_hash: m["user_db_hash"] ?? null,
  };
}

/** tau-bench's unbiased pass^k: mean over scenarios of C(c, k) / C(n, k). */
export function passHatK(successesPerScenario: readonly { n: number; c: number }[], k: number): number | null {
  const eligible = successesPerScenario.filter((s) => s.n >= k);
  if (eligible.length === 0) return null;
  const comb = (n: number, r: number): number => {
    let out = 1;
    for (let i = 0; i < r; i++) out = (out * (n - i)) / (i + 1);
    return out;
  };
  const total = eligible.reduce((acc, s) => acc + comb(s.c, k) / comb(s.n, k), 0);
  return Math.round((total / eligible.length) * 1e6) / 1e6;
}


export interface RunTotals {
  /** Trials on disk (a scenario run with --trials 3 counts three times). */
  scenarios: number;
  /** Distinct scenarios. */
  distinct_scenarios: number;
  /** Trials the run was asked for; more than `scenarios` when it stopped early. */
  planned_trials?: number;
  passed: number;
  failed: number;
  errored: number;
  success_rate: number | null;
  task_success_rate: number | null;
  signal_rates: Record<string, number | null>;
  /** Every rate with what it counts (rates.ts): the figures each view prints. */
  rates: { success: Tally; task_success: Tally; signals: Record<string, Tally> };
  pass_hat_k: Record<string, number | null>;
  /** Mean judge score over the scenarios a judge graded (the reference's "Judge score mean"); only when some were. */
  judge_score_mean?: number;
  by_bucket: Record<string, { scenarios: number; passed: number; failed: number; errored: number; success_rate: number | null }>;
  /** Mean voice-readability score over scenarios whose agent spoke, and the violations by rule. */
  voice_readability: { mean_score: number | null; scenarios_with_violations: number; violations_by_rule: Record<string, number> };
  nl_assertion_note?: string;
  /** Requests, tokens and cost per model-played side and the judge; only when a model was involved. */
  spend?: RunSpend;
  /** Noted model replies (thinking, tool calls as text, cut-offs), when any scenario had one (scenario/reply-counts.ts). */
  model_replies?: JsonObject;
  /** Failed trials by the kind of their diagnosis, and by tool within each kind; only when some trial carries one. */
  failure_kinds?: FailureKinds;
}

function readabilityTotals(all: readonly JsonObject[]): RunTotals["voice_readability"] {
  const scores: number[] = [];
  const byRule: Record<string, number> = {};
  let flagged = 0;
  for (const m of all) {
    const r = m["voice_readability"] as JsonObject | undefined;
    if (!r) continue;
    if (typeof r["score"] === "number") scores.push(r["score"]);
    const violations = (r["violations"] as JsonObject[] | undefined) ?? [];
    if (violations.length > 0) flagged++;
    for (const v of violations) byRule[String(v["rule"])] = (byRule[String(v["rule"])] ?? 0) + 1;
  }
  const mean = scores.length === 0 ? null : Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 1e6) / 1e6;
  return { mean_score: mean, scenarios_with_violations: flagged, violations_by_rule: Object.fromEntries(Object.entries(byRule).sort(([a], [b]) => (a < b ? -1 : 1))) };
}

export function computeTotals(all: readonly JsonObject[], trials: number): RunTotals {
  const rates = computeRates(all, { listAll: true });
  const counted = all.filter((m) => m["insufficient_agent_turns"] !== true && m["status"] !== "errored");
  const passK: Record<string, number | null> = {};
  for (let k = 1; k <= trials; k++) passK[`pass^${k}`] = passHatK(passCounts(all), k);
  const byBucket: RunTotals["by_bucket"] = {};
  const inBucket = new Map<string, JsonObject[]>();
  for (const m of all) {
    const bucket = String(m["scenario_name"]).split("__")[0] ?? "";
    const b = (byBucket[bucket] ??= { scenarios: 0, passed: 0, failed: 0, errored: 0, success_rate: null });
    b.scenarios++;
    if (m["status"] === "passed") b.passed++;
    else if (m["status"] === "errored") b.errored++;
    else b.failed++;
    inBucket.set(bucket, [...(inBucket.get(bucket) ?? []), m]);
  }
  for (const [bucket, b] of Object.entries(byBucket)) b.success_rate = computeRates(inBucket.get(bucket) ?? []).success.rate;
  const judgeScores = counted.flatMap((m) => (typeof m["judge_score"] === "number" ? [m["judge_score"]] : []));
  const judgeScoreMean = judgeScores.length === 0 ? undefined : Math.round((judgeScores.reduce((a, b) => a + b, 0) / judgeScores.length) * 1e6) / 1e6;
  const spend = computeSpend(all);
  const replies = totalReplies(all);
  const withNl = all.filter((m) => ((m["success_breakdown"] as JsonObject | undefined)?.["not_applicable"] as string[] | undefined)?.includes("nl_assertion"));
  const diagnoses = all.flatMap((m) => readDiagnosis(m["diagnosis"]) ?? []);
  const signalRates: Record<string, number | null> = {};
  for (const [k, t] of Object.entries(rates.signals)) if (k !== "nl_assertion") signalRates[k] = t.rate;
  return {
    scenarios: all.length,
    distinct_scenarios: new Set(all.map((m) => String(m["scenario_name"]))).size,
    passed: all.filter((m) => m["status"] === "passed").length,
    failed: all.filter((m) => m["status"] === "failed").length,
    errored: all.filter((m) => m["status"] === "errored").length,
    success_rate: rates.success.rate,
    task_success_rate: rates.task_success.rate,
    signal_rates: signalRates,
    rates: { success: rates.success, task_success: rates.task_success, signals: { ...rates.signals } },
    pass_hat_k: passK,
    ...(judgeScoreMean !== undefined ? { judge_score_mean: judgeScoreMean } : {}),
    by_bucket: byBucket,
    voice_readability: readabilityTotals(all),
    ...(spend ? { spend } : {}),
    ...(replies ? { model_replies: replies } : {}),
    ...(diagnoses.length > 0 ? { failure_kinds: tallyDiagnoses(diagnoses) } : {}),
    ...(withNl.length > 0 ? { nl_assertion_note: `${withNl.length} scenario(s) have NL assertions that were not judged (no judge configured); they count as not applicable, not as failures.` } : {}),
  };
}

const pct = percent;

export function formatSummaryText(t: RunTotals): string {
  const lines = [
    `${trialCountText(t.scenarios, t.distinct_scenarios)} (passed ${t.passed}, failed ${t.failed}, errored ${t.errored})${t.planned_trials !== undefined && t.planned_trials > t.scenarios ? `; partial: ${t.scenarios} of ${t.planned_trials} planned trials ran` : ""}`,
    `Overall success rate: ${tallyText(t.rates.success)}`,
  ];
  if (t.task_success_rate !== null) lines.push(`Task success rate: ${tallyText(t.rates.task_success)}`);
  for (const [k, v] of Object.entries(t.rates.signals)) lines.push(`  ${k}: ${tallyText(v)}`);
  if (t.judge_score_mean !== undefined) lines.push(`  judge score mean: ${t.judge_score_mean}`);
  for (const [k, v] of Object.entries(t.pass_hat_k)) lines.push(`${k}: ${pct(v)}`);
  const vr = t.voice_readability;
  if (vr.mean_score !== null) {
    const rules = Object.entries(vr.violations_by_rule).map(([r, n]) => `${r} ${n}`).join(", ");
    lines.push(`Voice readability: ${pct(vr.mean_score)}${vr.scenarios_with_violations > 0 ? ` (${vr.scenarios_with_violations} scenario(s) with violations: ${rules})` : ""}`);
  }
  const buckets = Object.entries(t.by_bucket);
  if (buckets.length >= 2) {
    lines.push("", "By bucket:");
    for (const [b, s] of buckets) lines.push(`  ${b.padEnd(24)} ${String(s.passed).padStart(4)}/${String(s.scenarios).padEnd(4)} passed  ${pct(s.success_rate)}${s.errored ? `  (${s.errored} errored)` : ""}`);
  }
  if (t.failure_kinds) lines.push("", `Failures by kind: ${failureKindsText(t.failure_kinds)}`);
  if (t.spend) lines.push(...formatSpend(t.spend));
  lines.push(...formatReplies(t.model_replies));
  if (t.nl_assertion_note) lines.push("", t.nl_assertion_note);
  return lines.join("\n") + "\n";
}
