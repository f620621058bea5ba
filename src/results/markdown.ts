/**
 * Markdown summaries for a pull-request comment or `$GITHUB_STEP_SUMMARY`:
 * a per-domain table, then the scenarios that need attention with their
 * reason lines (folded, so a long list does not bury the table).
 */
import { escapeControls } from "../json/control-chars.js";
import type { TrialRecord } from "./read-run.js";
import { reasonLine } from "./reasons.js";
import { factsPhrase, violationsOf } from "./policy-lines.js";
import { domainRows } from "./run-table.js";
import type { Tally } from "../run/summary/rates.js";
import { percent, SIGNAL_RATES, tallyText } from "../run/summary/rates.js";

export const pct = percent;

/** A rate cell: `17.5% (7/40)`; the column head says what the 40 are. */
export const rateCell = (t: Tally | undefined): string => (t === undefined ? "" : t.rate === null ? "N/A" : `${pct(t.rate)} (${t.passed}/${t.n})`);

const NUMERIC = /^(?:[-+$]?[\d.,]+%?(?: \(\d+\/\d+\))?|N\/A|)$/;

/** A table cell: pipes and line breaks would end the cell or the row. */
export const cell = (s: string): string => escapeControls(s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ").replace(/</g, "&lt;"));

/** A Markdown table: columns of figures right-aligned, text columns left-aligned. */
export const table = (head: readonly string[], rows: readonly (readonly string[])[]): string[] => [
  `| ${head.join(" | ")} |`,
  `|${head.map((_, i) => (i > 0 && rows.every((r) => NUMERIC.test(r[i] ?? "")) ? " ---: " : " --- ")).join("|")}|`,
  ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
];

/** A run's per-domain table as Markdown (`--markdown`). */
export function runMarkdown(records: readonly TrialRecord[], title = "evalsim run"): string {
  const rows = domainRows(records);
  const total = rows[rows.length - 1];
  const signals = [...new Set(rows.flatMap((r) => Object.keys(r.signals)))];
  const ks = [...new Set(rows.flatMap((r) => Object.keys(r.pass_hat_k)))];
  const withTokens = rows.some((r) => r.tokens.prompt + r.tokens.completion > 0);
  const withCost = rows.some((r) => r.cost !== null);
  const withReadability = rows.some((r) => r.readability !== null);
  const out = [`### ${title}: ${total ? `success ${tallyText(total.success)}; ${total.passed} passed, ${total.failed} failed, ${total.errored} errored` : "no scenarios"}`, ""];
  out.push(
    ...table(
      ["domain", "trials", "passed", "failed", "errored", "success (trials)", ...signals.map((k) => `${k} (${SIGNAL_RATES[k]?.unit ?? "trials"})`), ...(withReadability ? ["voice readability (mean)"] : []), ...(ks.length > 1 ? ks : []), ...(withTokens ? ["tokens"] : []), ...(withCost ? ["cost"] : [])],
      rows.map((r) => [
        r.domain === "all" ? "**all**" : r.domain,
        String(r.trials),
        String(r.passed),
        String(r.failed),
        String(r.errored),
        rateCell(r.success),
        ...signals.map((s) => rateCell(r.signals[s])),
        ...(withReadability ? [r.readability ? pct(r.readability.mean) : ""] : []),
        ...(ks.length > 1 ? ks.map((k) => pct(r.pass_hat_k[k])) : []),
        ...(withTokens ? [String(r.tokens.prompt + r.tokens.completion)] : []),
        ...(withCost ? [r.cost === null ? "" : `$${r.cost.toFixed(4)}`] : []),
      ]),
    ),
  );
  const bad = records.filter((r) => r.status !== "passed");
  if (bad.length > 0) {
    const multi = records.some((r) => r.trial > 1);
    out.push("", `<details${bad.length <= 20 ? " open" : ""}><summary>Failed or errored (${bad.length})</summary>`, "");
    out.push(...table(["scenario", "status", "reason"], bad.map((r) => [multi ? `${r.name} [trial ${r.trial}]` : r.name, r.status, reasonLine(r) ?? ""])));
    out.push("", "</details>");
  }
  const broke = records.filter((r) => violationsOf(r.metrics).length > 0);
  if (broke.length > 0) {
    const multi = records.some((r) => r.trial > 1);
    const rows = broke.flatMap((r) => violationsOf(r.metrics).map((v) => [multi ? `${r.name} [trial ${r.trial}]` : r.name, String(v.step), v.tool, v.rule, factsPhrase(v.facts)]));
    out.push("", `<details${rows.length <= 20 ? " open" : ""}><summary>Policy violations (${rows.length})</summary>`, "");
    out.push(...table(["scenario", "step", "tool", "rule", "facts"], rows));
    out.push("", "</details>");
  }
  return out.join("\n") + "\n";
}
