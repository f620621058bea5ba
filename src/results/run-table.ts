/**
 * Per-domain figures of one run, from its trials: counts, the rates as
 * src/run/summary/rates.ts defines them (the same figures as the console summary),
 * pass^k, and tokens (and cost, when the metrics carry one).
 */
import type { JsonObject } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { passHatK } from "../run/summary/aggregate.js";
import type { Tally } from "../run/summary/rates.js";
import { computeRates, passCounts } from "../run/summary/rates.js";
import type { TrialRecord } from "./read-run.js";

export interface DomainRow {
  readonly domain: string;
  readonly trials: number;
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
  /** The composite success rate (rates.ts). */
  readonly success: Tally;
  readonly success_rate: number | null;
  /** Per signal that applies somewhere, with what it counts. */
  readonly signals: Record<string, Tally>;
  /** Not a reference signal: the mean voice-readability score over the trials in which the agent spoke. */
  readonly readability: { mean: number; n: number } | null;
  readonly pass_hat_k: Record<string, number | null>;
  readonly tokens: { prompt: number; completion: number };
  readonly cost: number | null;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function tokensOf(m: JsonObject): { prompt: number; completion: number; cost: number | null } {
  let prompt = 0;
  let completion = 0;
  let cost: number | null = null;
  const usage = m["token_usage"];
  if (isJsonObject(usage)) {
    for (const side of Object.values(usage)) {
      if (!isJsonObject(side)) continue;
      if (typeof side["prompt"] === "number") prompt += side["prompt"];
      if (typeof side["completion"] === "number") completion += side["completion"];
      const c = side["cost_usd"] ?? side["cost"];
      if (typeof c === "number") cost = (cost ?? 0) + c;
    }
  }
  const c = m["cost_usd"];
  if (typeof c === "number") cost = (cost ?? 0) + c;
  return { prompt, completion, cost };
}

export function domainRow(domain: string, trials: readonly TrialRecord[]): DomainRow {
  const counted = trials.filter((t) => t.status !== "errored");
  const passed = counted.filter((t) => t.status === "passed").length;
  const rates = computeRates(trials.map((t) => t.metrics));
  const readability = counted.flatMap((t) => {
    const r = t.metrics["voice_readability"];
    return isJsonObject(r) && typeof r["score"] === "number" ? [r["score"]] : [];
  });
  const per = passCounts(trials.map((t) => t.metrics));
  const k = Math.max(0, ...per.map((s) => s.n));
  const passK: Record<string, number | null> = {};
  for (let i = 1; i <= k; i++) passK[`pass^${i}`] = passHatK(per, i);
  let prompt = 0;
  let completion = 0;
  let cost: number | null = null;
  for (const t of trials) {
    const u = tokensOf(t.metrics);
    prompt += u.prompt;
    completion += u.completion;
    if (u.cost !== null) cost = (cost ?? 0) + u.cost;
  }
  return {
    domain,
    trials: trials.length,
    passed,
    failed: counted.length - passed,
    errored: trials.length - counted.length,
    success: rates.success,
    success_rate: rates.success.rate,
    signals: { ...rates.signals },
    readability: readability.length === 0 ? null : { mean: round6(readability.reduce((a, b) => a + b, 0) / readability.length), n: readability.length },
    pass_hat_k: passK,
    tokens: { prompt, completion },
    cost: cost === null ? null : round6(cost),
  };
}

/** One row per domain in order of appearance, then `all` when there are several. */
export function domainRows(records: readonly TrialRecord[]): DomainRow[] {
  const domains = [...new Set(records.map((r) => r.bucket))];
  const rows = domains.map((d) => domainRow(d, records.filter((r) => r.bucket === d)));
  if (domains.length > 1) rows.push(domainRow("all", records));
  return rows;
}
