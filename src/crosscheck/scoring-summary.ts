/**
 * `all_summary.txt`: the run summary the reference's runner writes, beside
 * the figures evalsim computes for the same scenario metrics. The runner is
 * run over the outcomes as finished scenario folders (its resume path, with
 * the turn rule off: a stalled folder would be re-run, not summarised); each
 * `passed/counted` figure it prints (overall and task success, each signal,
 * the judge score mean, per domain) is read back and set beside evalsim's
 * (run/summary/rates.ts). A figure printed by one side only, or with other counts,
 * is a finding named by the summary line.
 */
import type { JsonObject } from "../json/types.js";
import { computeTotals } from "../run/summary/aggregate.js";
import type { Tally } from "../run/summary/rates.js";
import { computeRates } from "../run/summary/rates.js";
import type { FindingSet } from "./findings.js";
import type { Reference } from "./reference-process.js";
import type { PartTally } from "./scoring-ask.js";
import { askScoring } from "./scoring-ask.js";
import { population, referenceOutcome } from "./scoring-population.js";

/** A figure: `[passed, counted]`, or for the judge score mean `[mean, scored]`. */
export type Figures = Record<string, readonly [number, number]>;

/** The summary's line labels for evalsim's signal rates, in the order the reference prints them. */
export const SIGNAL_LINES: Readonly<Record<string, string>> = {
  is_action_match: "Action-list match",
  db_state_match: "DB-State match",
  db_state_assertion: "DB-State-Assertion pass",
  nl_assertion: "NL-Assertion pass",
  judge_passed: "Judge passed (>= threshold)",
  clean_exit: "Clean exit",
};

/** Per-domain section headers and the rate each lists. */
export const DOMAIN_SECTIONS: Readonly<Record<string, (r: ReturnType<typeof computeRates>) => Tally | undefined>> = {
  "Per-Domain Success Rate": (r) => r.success,
  "Per-Domain Task Success Rate (excl. clean_exit)": (r) => r.task_success,
  "Per-Domain DB-State Match Rate": (r) => r.signals["db_state_match"],
  "Per-Domain NL-Assertion Pass Rate": (r) => r.signals["nl_assertion"],
  "Per-Domain DB-State-Assertion Pass Rate": (r) => r.signals["db_state_assertion"],
};

const RATE_LINE = /^\s*(.+?):\s+[\d.]+% \((\d+)\/(\d+)/;
const MEAN_LINE = /^\s*Judge score mean:\s+([\d.]+) \(across (\d+) scenarios\)/;
const SECTION = /^(Per-Domain .+):$/;

/** The figures an `all_summary.txt` prints, by line label (per-domain ones as `section / domain`). */
export function parseSummary(text: string): Figures {
  const out: Figures = {};
  let section: string | null = null;
  for (const line of text.split("\n")) {
    const head = SECTION.exec(line);
    if (head) {
      section = head[1] as string;
      continue;
    }
    const mean = MEAN_LINE.exec(line);
    if (mean) {
      out["Judge score mean"] = [Number(mean[1]), Number(mean[2])];
      continue;
    }
    const rate = RATE_LINE.exec(line);
    if (!rate) continue;
    const label = section === null ? (rate[1] as string) : `${section} / ${rate[1] as string}`;
    out[label] = [Number(rate[2]), Number(rate[3])];
  }
  return out;
}

/** The same figures from evalsim's rates over the metrics. */
export function evalsimFigures(metrics: readonly JsonObject[]): Figures {
  const out: Figures = {};
  const rates = computeRates(metrics);
  const put = (label: string, t: Tally | undefined): void => {
    if (t && t.n > 0) out[label] = [t.passed, t.n];
  };
  put("Overall Success Rate", rates.success);
  put("Task Success Rate (excl. clean_exit)", rates.task_success);
  for (const [key, label] of Object.entries(SIGNAL_LINES)) put(label, rates.signals[key]);
  const totals = computeTotals(metrics, 1);
  if (totals.judge_score_mean !== undefined) {
    const scored = metrics.filter((m) => m["insufficient_agent_turns"] !== true && m["status"] !== "errored" && typeof m["judge_score"] === "number").length;
    out["Judge score mean"] = [totals.judge_score_mean, scored];
  }
  const domains = [...new Set(metrics.map((m) => String(m["scenario_name"]).split("__")[0] ?? ""))].sort();
  for (const [section, rate] of Object.entries(DOMAIN_SECTIONS)) {
    const rows = domains.flatMap((d) => {
      const t = rate(computeRates(metrics.filter((m) => String(m["scenario_name"]).split("__")[0] === d)));
      return t && t.n > 0 ? [[d, t] as const] : [];
    });
    // The reference prints a per-domain section only when more than one domain has a figure.
    if (rows.length > 1) for (const [d, t] of rows) put(`${section} / ${d}`, t);
  }
  return out;
}

const withoutKey = (m: JsonObject, key: string): JsonObject => Object.fromEntries(Object.entries(m).filter(([k]) => k !== key));

/** Same figure: equal counts; a mean printed to three places within that rounding. */
function sameFigure(label: string, a: readonly [number, number] | undefined, b: readonly [number, number] | undefined): boolean {
  if (!a || !b) return a === b;
  if (label === "Judge score mean") return a[1] === b[1] && Math.abs(a[0] - b[0]) <= 5e-4 + 1e-9;
  return a[0] === b[0] && a[1] === b[1];
}

export async function compareSummary(reference: Reference, findings: FindingSet, seed: number, count: number): Promise<PartTally> {
  // The runner writes no judge_score when the judge gave none (its summary cannot print a null score).
  const outcomes = population(seed, count, 0).map((o) => (o.metrics["judge_score"] === null ? { ...o, metrics: withoutKey(o.metrics, "judge_score") } : o));
  const reply = await askScoring(reference, { id: 0, op: "summary", min_agent_turns: 0, outcomes: outcomes.map(referenceOutcome) });
  if (reply.missing !== undefined) return { compared: 0, differing: 0, missing: reply.missing };
  const text = reply.body["text"] as string;
  const theirs = parseSummary(text);
  const ours = evalsimFigures(outcomes.map((o) => o.metrics));
  const tally = { compared: 0, differing: 0 };
  for (const label of [...new Set([...Object.keys(theirs), ...Object.keys(ours)])]) {
    tally.compared++;
    if (sameFigure(label, theirs[label], ours[label])) continue;
    tally.differing++;
    const line = text.split("\n").find((l) => l.includes(label.split(" / ").pop() as string)) ?? null;
    findings.add("scoring", `all_summary.txt: ${label}`, "all", {
      scenario: `${outcomes.length} generated outcomes`,
      calls: [],
      reference: { figure: theirs[label] ?? null, line: line?.trim() ?? null },
      evalsim: { figure: ours[label] ?? null },
    });
  }
  return tally;
}
