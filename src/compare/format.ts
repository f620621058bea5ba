/** `evalsim compare` for a terminal: what changed first, then the rate tables. */
import type { FailureKinds } from "../diagnosis/tally.js";
import { DIAGNOSIS_KINDS } from "../diagnosis/types.js";
import type { Category, Comparison, DomainComparison, Rate, ScenarioComparison, ScenarioSide } from "./compare.js";

import { escapeControls } from "../json/control-chars.js";
import { pct } from "../results/markdown.js";
import { tallyText } from "../run/summary/rates.js";
import type { ListLayout } from "../results/name-lines.js";
import { nameRows } from "../results/name-lines.js";

const points = (x: number | null | undefined): string => (x === null || x === undefined ? "N/A" : `${x > 0 ? "+" : ""}${(x * 100).toFixed(1)}`);

/** A rate with what it counts, and the errored trials kept apart: `96.0% of 50 trials (2 errored)`. */
export function rateText(r: Rate): string {
  return `${tallyText(r)}${r.errored > 0 ? ` (${r.errored} errored)` : ""}`;
}

export function intervalText(d: DomainComparison): string {
  return d.interval ? `[${points(d.interval.low)}, ${points(d.interval.high)}]` : "N/A";
}

function sideText(s: ScenarioSide | null): string {
  if (!s) return "absent";
  if (s.pass_fraction === null) return "errored";
  if (s.trials === 1) return s.passed === 1 ? "passed" : "failed";
  return `${s.passed}/${s.trials - s.errored} passed${s.errored ? ` (${s.errored} errored)` : ""}`;
}

export function transitionText(s: ScenarioComparison): string {
  return `${sideText(s.base)} → ${sideText(s.cand)}`;
}

/** The reason worth showing for a change: the candidate's, or for a fixed scenario the base's, labelled as the base's. */
export function changeReason(s: ScenarioComparison): string {
  const fromBase = s.category === "fixed" || s.category === "only_in_base";
  const r = fromBase ? s.base?.reason : s.cand?.reason;
  return r ? (fromBase ? `base: ${r}` : r) : "";
}

const LISTED: readonly [Category, string][] = [
  ["regressed", "Regressed"],
  ["errored_now", "Errored now (not an agent failure: kept out of the rates)"],
  ["fixed", "Fixed"],
  ["errored_before", "Errored in base"],
  ["only_in_base", "Only in base"],
  ["only_in_cand", "Only in cand"],
];

/** Failed trials by diagnosis kind on each side, the kind's most frequent tool in the candidate beside it. */
function failureKindLines(base: FailureKinds, cand: FailureKinds): string[] {
  const lines = ["Failures by kind (base → cand):"];
  for (const kind of DIAGNOSIS_KINDS) {
    const [b, c] = [base[kind], cand[kind]];
    if (!b && !c) continue;
    const [top] = Object.entries(c?.where ?? {});
    const where = top && c ? `  (cand: ${top[1] === c.count ? `${c.count === 1 ? "in" : "all in"} ${top[0]}` : `${top[1]} of them in ${top[0]}`})` : "";
    lines.push(`  ${kind.padEnd(22)} ${String(b?.count ?? 0).padStart(4)} → ${String(c?.count ?? 0).padEnd(4)}${where}`.trimEnd());
  }
  return lines;
}

/** A comparison as the console text `evalsim compare` prints. */
export function formatComparison(c: Comparison, layout: ListLayout = {}): string {
  const out: string[] = [`base: ${c.base}`, `cand: ${c.cand}`, ""];
  const n = c.counts;
  out.push(
    `Scenarios: regressed ${n.regressed}, errored now ${n.errored_now}, fixed ${n.fixed}, still failing ${n.still_failing}, still passing ${n.still_passing}` +
      `${n.errored_before ? `, errored in base ${n.errored_before}` : ""}${n.only_in_base ? `, only in base ${n.only_in_base}` : ""}${n.only_in_cand ? `, only in cand ${n.only_in_cand}` : ""}`,
  );
  for (const [cat, title] of LISTED) {
    const list = c.scenarios.filter((s) => s.category === cat);
    if (list.length === 0) continue;
    out.push("", `${title} (${list.length}):`);
    out.push(...nameRows(list.map((s) => ({ prefix: "  ", name: s.name, text: `${transitionText(s)}${changeReason(s) ? `  ${changeReason(s)}` : ""}` })), layout));
  }
  for (const [list, title] of [
    [c.policy?.appeared ?? [], "Policy violations that appeared"],
    [c.policy?.went_away ?? [], "Policy violations that went away"],
  ] as const) {
    if (list.length === 0) continue;
    out.push("", `${title} (${list.length}):`);
    out.push(...nameRows(list.map((p) => ({ prefix: "  ", name: p.name, text: p.violation })), layout));
  }
  out.push("", "Rates over the scenarios in both runs (errored trials are not counted; each rate says what it counts):");
  const w = 34;
  out.push(`  ${"domain".padEnd(24)} ${"base".padEnd(w)} ${"cand".padEnd(w)} ${"diff".padStart(7)}  95% interval`);
  for (const d of c.domains) {
    out.push(`  ${d.domain.padEnd(24)} ${rateText(d.success.base).padEnd(w)} ${rateText(d.success.cand).padEnd(w)} ${points(d.success.difference).padStart(7)}  ${intervalText(d)}`);
    for (const [sig, r] of Object.entries(d.signals)) out.push(`    ${sig.padEnd(22)} ${rateText(r.base).padEnd(w)} ${rateText(r.cand).padEnd(w)} ${points(r.difference).padStart(7)}`);
    const ks = [...new Set([...Object.keys(d.pass_hat_k.base), ...Object.keys(d.pass_hat_k.cand)])];
    if (ks.length > 1) for (const k of ks) out.push(`    ${k.padEnd(22)} ${pct(d.pass_hat_k.base[k]).padEnd(w)} ${pct(d.pass_hat_k.cand[k]).padEnd(w)}`);
  }
  out.push(`  (interval: paired bootstrap over scenarios of the pass-fraction difference, in points, seed ${c.seed})`);
  if (c.failure_kinds) out.push("", ...failureKindLines(c.failure_kinds.base, c.failure_kinds.cand));
  if (c.comparability.warnings.length > 0) {
    out.push("", "Warnings:");
    for (const w of c.comparability.warnings) out.push(`  ${w}`);
  }
  // Names, reasons and paths come from the run folders: shown, never obeyed by the terminal.
  return escapeControls(out.join("\n") + "\n");
}
