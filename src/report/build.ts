/**
 * `evalsim report`: one self-contained HTML file written from a run folder
 * (and, with a base run, its comparison). The overview and the list of what
 * did not pass are plain HTML; the scenario list is data the page's script
 * renders a page at a time; each trial's details are gzip-compressed and
 * decoded only when its page opens, so a full 442 × 4 run stays small and
 * quick. No external resource of any kind is referenced.
 */
import { gzipSync } from "node:zlib";
import type { Comparison } from "../compare/compare.js";
import { changeReason, intervalText, rateText, transitionText } from "../compare/format.js";
import { pct, rateCell } from "../results/markdown.js";
import { SIGNAL_RATES } from "../run/summary/rates.js";
import { commandLine, pluginArgs } from "../run/resume-command.js";
import { pluginModulesOf } from "../run/folder/config.js";
import type { RunFolder } from "../results/read-run.js";
import { reasonLine } from "../results/reasons.js";
import type { DomainRow } from "../results/run-table.js";
import { domainRows } from "../results/run-table.js";
import { SIGNAL_ORDER } from "../scoring/signals.js";
import { REPORT_SCRIPT } from "./client-script.js";
import { TextTable, trialDetail } from "./details.js";
import { importedView } from "./notes.js";
import { esc, scriptJson, valueJson } from "./escape.js";
import { REPORT_CSS } from "./styles.js";

/** What else the report shows: the comparison with a base run. */
export interface ReportOptions {
  readonly comparison?: Comparison;
}

const pack = (text: string): string => gzipSync(Buffer.from(text, "utf8"), { level: 9 }).toString("base64");

interface ListRow {
  id: number;
  n: string;
  d: string;
  t: number;
  s: string;
  r: string | null;
  /** Gating signals that failed. */
  f: string[];
  c?: string;
}

function overviewTable(rows: readonly DomainRow[]): string {
  const signals = SIGNAL_ORDER.filter((s) => rows.some((r) => r.signals[s]));
  const withReadability = rows.some((r) => r.readability !== null);
  const ks = [...new Set(rows.flatMap((r) => Object.keys(r.pass_hat_k)))];
  const withTokens = rows.some((r) => r.tokens.prompt + r.tokens.completion > 0);
  const withCost = rows.some((r) => r.cost !== null);
  const head = ["domain", "trials", "passed", "failed", "errored", "success (trials)", ...signals.map((k) => `${k} (${SIGNAL_RATES[k]?.unit ?? "trials"})`), ...(withReadability ? ["voice readability (mean)"] : []), ...(ks.length > 1 ? ks : []), ...(withTokens ? ["prompt tokens", "completion tokens"] : []), ...(withCost ? ["cost"] : [])];
  const num = (s: string): string => `<td class="num">${esc(s)}</td>`;
  const body = rows
    .map(
      (r) =>
        `<tr><td>${r.domain === "all" ? "<b>all</b>" : esc(r.domain)}</td>${num(String(r.trials))}${num(String(r.passed))}${num(String(r.failed))}${num(String(r.errored))}${num(rateCell(r.success))}` +
        signals.map((s) => num(rateCell(r.signals[s]))).join("") +
        (withReadability ? num(r.readability ? pct(r.readability.mean) : "") : "") +
        (ks.length > 1 ? ks.map((k) => num(pct(r.pass_hat_k[k]))).join("") : "") +
        (withTokens ? num(String(r.tokens.prompt)) + num(String(r.tokens.completion)) : "") +
        (withCost ? num(r.cost === null ? "" : `$${r.cost.toFixed(4)}`) : "") +
        "</tr>",
    )
    .join("");
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${body}</tbody></table><p class="muted">Rates leave errored trials out (they are counted apart); a signal's rate covers the trials where it applies.</p>`;
}

/** Rows shown before "show all": the first screenful stays readable, the rest is one click away. */
const FIRST_ROWS = 50;

/** A table of scenario rows of which the first FIRST_ROWS show; a button shows the rest. */
function longTable(id: string, title: string, cols: string, head: string, rows: readonly string[]): string {
  const body = rows.map((r, i) => (i < FIRST_ROWS ? r : r.replace("<tr ", '<tr class="later" ')));
  const more = rows.length > FIRST_ROWS ? `<button class="show-all" data-table="${id}">show all ${rows.length}</button>` : "";
  return `<details class="block" open><summary>${esc(title)} (${rows.length})</summary><table class="list folded" id="${id}"><colgroup>${cols}</colgroup>${head}<tbody>${body.join("")}</tbody></table>${more}</details>`;
}

/** A scenario name linking to its (first) trial's page, when the run has one. */
const nameLink = (name: string, id: number | undefined): string => (id === undefined ? esc(name) : `<a href="#s=${id}">${esc(name)}</a>`);

function comparisonHtml(c: Comparison, firstId: ReadonlyMap<string, number>): string {
  const n = c.counts;
  const changed = c.scenarios.filter((s) => ["regressed", "errored_now", "fixed", "errored_before", "only_in_base", "only_in_cand"].includes(s.category));
  const rows = changed.map((s) => `<tr data-id="${firstId.get(s.name) ?? ""}"><td class="name">${nameLink(s.name, firstId.get(s.name))}</td><td class="${esc(s.category)}">${esc(s.category)}</td><td>${esc(transitionText(s))}</td><td class="reason">${esc(changeReason(s))}</td></tr>`);
  const list =
    changed.length === 0
      ? "<p>No scenario changed.</p>"
      : longTable("changes", "Changed scenarios", '<col class="c-name"><col class="c-cat"><col class="c-change"><col>', "<thead><tr><th>scenario</th><th>change</th><th></th><th>reason</th></tr></thead>", rows);
  const rates = `<table><thead><tr><th>domain</th><th>base</th><th>this run</th><th>diff (points)</th><th>95% interval</th></tr></thead><tbody>${c.domains.map((d) => `<tr><td>${esc(d.domain)}</td><td class="num">${esc(rateText(d.success.base))}</td><td class="num">${esc(rateText(d.success.cand))}</td><td class="num">${d.success.difference === null ? "N/A" : (d.success.difference * 100).toFixed(1)}</td><td class="num">${esc(intervalText(d))}</td></tr>`).join("")}</tbody></table>`;
  const warnings = c.comparability.warnings.map((w) => `<p class="errored">${esc(w)}</p>`).join("");
  return `<section id="comparison"><h2>Against <span class="path">${esc(c.base)}</span></h2><p><span class="regressed">${n.regressed} regressed</span>, <span class="errored">${n.errored_now} errored now</span>, <span class="fixed">${n.fixed} fixed</span>, ${n.still_failing} still failing, ${n.still_passing} still passing</p>${rates}${list}<p class="muted">Interval: paired bootstrap over scenarios of the pass-fraction difference (seed ${c.seed}).</p>${warnings}</section>`;
}

function failuresHtml(run: RunFolder): string {
  const bad = run.records.flatMap((r, id) => (r.status === "passed" ? [] : [{ r, id }]));
  if (bad.length === 0) return "<p>Every scenario passed.</p>";
  const multi = run.records.some((r) => r.trial > 1);
  const rows = bad.map(({ r, id }) => `<tr data-id="${id}"><td class="name"><a href="#s=${id}">${esc(multi ? `${r.name} [trial ${r.trial}]` : r.name)}</a></td><td class="${r.status}">${r.status}</td><td class="reason">${esc(reasonLine(r) ?? "")}</td></tr>`);
  return longTable("failures", "Did not pass", '<col class="c-name"><col class="c-status"><col>', "", rows);
}

/** An imported run's scenarios where the source harness and evalsim disagree, with both verdicts. */
function disagreementsHtml(run: RunFolder, firstId: ReadonlyMap<string, number>): string {
  const views = run.records.flatMap((r) => {
    const v = importedView(r.metrics);
    return v === null ? [] : [{ r, v }];
  });
  if (views.length === 0) return "";
  const bad = views.filter(({ v }) => v.agrees === false);
  const rows = bad.map(({ r, v }) => `<tr data-id="${firstId.get(r.name) ?? ""}"><td class="name"><a href="#s=${firstId.get(r.name) ?? ""}">${esc(r.name)}</a></td><td class="reason">${esc(v.text)}</td></tr>`);
  const head = `<p id="imported-summary">${views.length} imported scenario${views.length === 1 ? "" : "s"}: ${bad.length} disagree${bad.length === 1 ? "s" : ""} with the source harness.</p>`;
  return head + (bad.length > 0 ? longTable("disagreements", "Disagreements with the source harness", '<col class="c-name"><col>', "", rows) : "");
}

/** The models a run used, from run_config.json (`agent_llm`: model and endpoint). */
function modelsText(cfg: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const role of ["agent", "user", "judge"]) {
    const llm = cfg[`${role}_llm`];
    if (typeof llm !== "object" || llm === null) continue;
    const { model, base_url: url } = llm as { model?: unknown; base_url?: unknown };
    parts.push(`${role} model ${String(model ?? "?")}${url ? ` at ${String(url)}` : ""}`);
  }
  return parts.map((p) => ` · ${esc(p)}`).join("");
}

/** A banner when fewer trials are on disk than the run was asked for, with the command that finishes it (a plugin run's with its --domains). */
function partialBanner(run: RunFolder): string {
  if (run.planned === undefined || run.records.length >= run.planned) return "";
  const resume = commandLine(["run", "--resume", run.dir, ...pluginArgs(pluginModulesOf(run.config))]);
  return `<div class="banner" id="partial">Partial run: ${run.records.length} of ${run.planned} planned trials are on disk (the run stopped early or is still running). <code>${esc(resume)}</code> finishes it.</div>`;
}

const options = (values: readonly string[], all: string): string => `<option value="">${esc(all)}</option>${values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join("")}`;

/** The self-contained HTML report of a run folder (and its comparison with a base run): what `evalsim report` writes. */
export function buildReport(run: RunFolder, opts: ReportOptions = {}): string {
  const texts = new TextTable();
  const category = new Map(opts.comparison?.scenarios.map((s) => [s.name, s.category]));
  const list: ListRow[] = [];
  const details: string[] = [];
  run.records.forEach((rec, id) => {
    const b = rec.metrics["success_breakdown"] as { failed?: string[] } | undefined;
    list.push({ id, n: rec.name, d: rec.bucket, t: rec.trial, s: rec.status, r: reasonLine(rec) ?? null, f: Array.isArray(b?.failed) ? b.failed.map(String) : [], ...(category.has(rec.name) ? { c: category.get(rec.name) as string } : {}) });
    details.push(pack(valueJson(trialDetail(rec, texts))));
  });
  const trials = Math.max(1, ...run.records.map((r) => r.trial));
  const data = { trials, compare: opts.comparison !== undefined, rows: list, details, texts: texts.texts.map(pack) };
  const domains = [...new Set(list.map((r) => r.d))];
  const failedSignals = SIGNAL_ORDER.filter((s) => list.some((r) => r.f.includes(s)));
  const categories = [...new Set(list.flatMap((r) => (r.c ? [r.c] : [])))];
  const cfg = run.config;
  const firstId = new Map<string, number>();
  run.records.forEach((r, id) => {
    if (!firstId.has(r.name)) firstId.set(r.name, id);
  });
  const title = `evalsim report: ${run.dir.split(/[\\/]/).pop() ?? run.dir}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${REPORT_CSS}</style></head>
<body><header><h1>${esc(title)}</h1><div class="muted">${esc(run.dir)} · agent ${esc(String(cfg["agent"] ?? "?"))} · user ${esc(String(cfg["user"] ?? "?"))} · trials ${trials} · seed ${esc(String(cfg["seed"] ?? "?"))}${cfg["today"] ? ` · today ${esc(String(cfg["today"]))}` : ""}${modelsText(cfg)}</div></header>
<main>
<div id="overview">
${partialBanner(run)}
${opts.comparison ? comparisonHtml(opts.comparison, firstId) : ""}
<h2>Overview</h2>
${overviewTable(domainRows(run.records))}
${disagreementsHtml(run, firstId)}${failuresHtml(run)}
<h2>Scenarios</h2>
<div class="filters">
<label>domain <select id="f-domain">${options(domains, "all")}</select></label>
<label>status <select id="f-status">${options(["passed", "failed", "errored"], "any")}</select></label>
<label>failed signal <select id="f-signal">${options(failedSignals, "any")}</select></label>
${opts.comparison ? `<label>change <select id="f-change">${options(categories, "any")}</select></label>` : ""}
<label>search <input id="f-search" type="search" placeholder="name or reason"></label>
<span id="count" class="muted"></span>
</div>
<table class="list" id="list"><colgroup><col class="c-name"><col class="c-domain"><col class="c-trial"><col class="c-status">${opts.comparison ? '<col class="c-cat">' : ""}<col></colgroup><thead><tr><th data-sort="n">scenario</th><th data-sort="d">domain</th><th data-sort="t">trial</th><th data-sort="s">status</th>${opts.comparison ? '<th data-sort="c">change</th>' : ""}<th data-sort="r">reason</th></tr></thead><tbody id="rows"></tbody></table>
<button id="more" hidden>show more</button>
<noscript><p>The scenario list and pages need JavaScript; the overview above does not.</p></noscript>
</div>
<div id="scenario" hidden></div>
</main>
<script type="application/json" id="report-data">${scriptJson(data)}</script>
<script>${REPORT_SCRIPT}</script>
</body></html>
`;
}
