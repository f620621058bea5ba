/**
 * The crosscheck report: per-family counts, the unexplained findings and,
 * apart, those a known divergence explains. Built from values only (no
 * clock), so the same reference, data and seeds give the same report.
 */
import type { CallsTally } from "./calls/run-calls.js";
import type { Family } from "./families.js";
import type { Finding } from "./findings.js";
import type { CrosscheckSize } from "./sizes.js";
import type { GoldTally } from "./gold.js";
import type { ScoringTally } from "./scoring.js";
import type { SurfaceTally } from "./surface.js";

/** The crosscheck's findings per family, each explained by a known divergence or not. */
export interface CrosscheckReport {
  readonly reference: string;
  readonly families: readonly Family[];
  readonly size: CrosscheckSize;
  readonly gold?: Readonly<Record<string, GoldTally>>;
  readonly calls?: Readonly<Record<string, CallsTally>>;
  readonly surface?: Readonly<Record<string, SurfaceTally>>;
  readonly scoring?: ScoringTally;
  /** Which reference tree evalsim's record of the prompts was taken from (null: no record, prompts not checked). */
  readonly surfaceRecord?: string | null;
  readonly findings: readonly Finding[];
  readonly known: readonly Finding[];
  /** 0: nothing unexplained differs; 1: something does. */
  readonly exit: 0 | 1;
}

const sum = <T>(rows: Readonly<Record<string, T>>, f: (t: T) => number): number => Object.values(rows).reduce((s, t) => s + f(t), 0);

/** One line per family: what was checked and how much differed. */
export function familyLines(r: CrosscheckReport): string[] {
  const lines: string[] = [];
  const count = (f: Family): number => r.findings.filter((x) => x.family === f).reduce((s, x) => s + x.count, 0);
  if (r.gold) {
    const g = r.gold;
    lines.push(
      `gold: ${sum(g, (t) => t.scenarios)} scenarios; expected DB reached by the reference ${sum(g, (t) => t.referenceReached)}/${sum(g, (t) => t.expected)}, by evalsim ${sum(g, (t) => t.evalsimReached)}/${sum(g, (t) => t.expected)}; end DBs differ in ${sum(g, (t) => t.differing)}`,
    );
  }
  if (r.surface) {
    const record = r.surfaceRecord ? `prompts checked against evalsim's record of ${r.surfaceRecord}` : "no record of the reference's prompts: prompts not checked";
    lines.push(`surface: ${sum(r.surface, (t) => t.scenarios)} scenarios' tool lists (against evalsim's) and prompts (${record}); ${sum(r.surface, (t) => t.differing)} differ`);
  }
  if (r.scoring) {
    const parts = Object.entries(r.scoring.parts)
      .map(([name, p]) => (p.missing !== undefined ? `${name} not compared (${p.missing})` : `${name} ${p.differing}/${p.compared}`))
      .join(", ");
    lines.push(`scoring: ${r.scoring.outcomes} generated outcomes; ${r.scoring.compared} values compared, ${r.scoring.differing} differ (${parts})`);
  }
  if (r.calls && r.families.includes("calls")) {
    lines.push(`calls: ${sum(r.calls, (t) => t.calls)} generated calls in ${sum(r.calls, (t) => t.sessions)} sessions; ${count("calls")} unexplained differences`);
  }
  if (r.calls && r.families.includes("delivery")) {
    lines.push(
      `delivery: ${sum(r.calls, (t) => t.delivered)} calls run by the reference; ${sum(r.calls, (t) => t.misdelivered)} not delivered exactly once; ${sum(r.calls, (t) => t.exits)} exits pushed, ${sum(r.calls, (t) => t.draws)} random ids drawn`,
    );
  }
  return lines;
}

const short = (v: unknown, max = 300): string => {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

function exampleLines(f: Finding, indent: string, maxCalls = Infinity): string[] {
  const e = f.example;
  const lines = [`${indent}scenario ${e.scenario}`];
  for (const [side, paths] of Object.entries(e.fields ?? {})) lines.push(`${indent}fields (${side}): ${paths.join(", ") || "none"}`);
  lines.push(`${indent}reference: ${short(e.reference)}`, `${indent}evalsim:   ${short(e.evalsim)}`);
  // The last call is the one that differs: a long example keeps its end.
  const skipped = Math.max(0, e.calls.length - maxCalls);
  if (skipped > 0) lines.push(`${indent}… ${skipped} earlier call(s), listed in the JSON report`);
  e.calls.slice(skipped).forEach((c) => lines.push(`${indent}call ${c.side} ${c.name} ${short(c.args, 200)}`));
  return lines;
}

/** A crosscheck report as the console text `evalsim crosscheck` prints. */
export function consoleText(r: CrosscheckReport): string {
  const out = [`crosscheck against ${r.reference} (${r.families.join(", ")})`, ...familyLines(r).map((l) => `  ${l}`)];
  out.push(`${r.findings.length} unexplained finding group(s)`);
  for (const f of r.findings) {
    out.push(`  [${f.family}] ${f.count}× ${f.key}`);
    // A long gold trajectory is summarised: the group and its fields say what differs.
    out.push(...exampleLines(f, "      ", 6));
  }
  out.push(`${r.known.length} known divergence(s), listed apart`);
  for (const f of r.known) out.push(`  [${f.family}] ${f.count}× ${f.key} (known: ${f.known?.id})`);
  out.push(r.exit === 0 ? "nothing unexplained differs" : "unexplained differences: exit 1");
  return `${out.join("\n")}\n`;
}

const cell = (s: string): string => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** A crosscheck report as Markdown (`--markdown`). */
export function markdownText(r: CrosscheckReport): string {
  const out = [`## evalsim crosscheck: ${r.exit === 0 ? "nothing unexplained differs" : `${r.findings.length} unexplained finding group(s)`}`, "", `Reference: \`${r.reference}\`; families: ${r.families.join(", ")}.`, ""];
  out.push(...familyLines(r).map((l) => `- ${l}`), "");
  const table = (title: string, rows: readonly Finding[]): void => {
    out.push(`### ${title}`, "");
    if (rows.length === 0) {
      out.push("None.", "");
      return;
    }
    out.push("| family | count | tool / rule | known |", "|---|---|---|---|");
    for (const f of rows) out.push(`| ${f.family} | ${f.count} | ${cell(f.key)} | ${f.known ? f.known.id : ""} |`);
    out.push("");
  };
  table("Findings", r.findings);
  for (const f of r.findings) {
    out.push(`<details><summary>${f.family}: ${cell(f.key)}</summary>`, "", "```", ...exampleLines(f, ""), "```", "</details>", "");
  }
  table("Known divergences", r.known);
  return `${out.join("\n")}\n`;
}
