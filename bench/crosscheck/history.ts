/**
 * The reference's history as a benchmark of `evalsim crosscheck`: for three
 * fixes in labs-Voice-Agent, the tree before the fix (its parent) must be
 * flagged, by the family and with the tool (and, for state, the field) the
 * fix changed, and the tree at the fix must not. Not a timed test: it needs
 * a clone of the reference and takes several minutes a tree.
 *
 *   node --import tsx bench/crosscheck/history.ts --clone PATH [--data-root DIR] [--out FILE] [--full] [--focus] [--fixes A,B]
 *
 * --clone: a labs-Voice-Agent clone with its history (bare is fine); each tree
 * is `git archive`d into a temporary folder. --full runs the default size
 * instead of --quick; --focus runs only the families each fix's bug belongs
 * to (gold and calls, or calls), --fixes A,B only those fixes. Prints one row per tree (counts per family) and whether
 * each expectation held; exit 1 if one did not.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runCrosscheck } from "../../src/crosscheck/crosscheck.js";
import { FAMILIES } from "../../src/crosscheck/families.js";
import type { Family } from "../../src/crosscheck/families.js";
import type { Finding } from "../../src/crosscheck/findings.js";
import type { CrosscheckReport } from "../../src/crosscheck/report.js";
import { DEFAULT, QUICK } from "../../src/crosscheck/sizes.js";
import { registry } from "../../src/domains/index.js";
import { writeFileAtomic } from "../../src/json/atomic-write.js";

interface Fix {
  readonly commit: string;
  readonly what: string;
  /** The families the fix's bug belongs to (what `--focus` runs). */
  readonly families: readonly Family[];
  /** The finding the tree before the fix must show (and the fix must not). */
  readonly flagged: (f: Finding) => boolean;
  readonly expectation: string;
}

const FIXES: readonly Fix[] = [
  {
    commit: "40842ca",
    what: "eva RebookFlightTool reset bags_checked / meal_request",
    families: ["gold", "calls"],
    flagged: (f) => (f.family === "gold" || f.family === "calls") && f.key.includes("RebookFlightTool") && /state .*(bags_checked|meal_request)/.test(f.key),
    expectation: "gold and calls findings naming RebookFlightTool and the bags_checked / meal_request field",
  },
  {
    commit: "107157e",
    what: "transfer tools did not end the call",
    families: ["calls"],
    flagged: (f) => f.family === "calls" && /Transfer\w*Tool: exit|transfer_to_human_agents: exit/.test(f.key),
    expectation: "calls findings naming the transfer tools and the exit",
  },
  {
    commit: "55bf159",
    what: "empty tau2 results reached the model as COMPLETED",
    families: ["calls"],
    flagged: (f) => f.family === "calls" && f.domain.startsWith("tau2_") && / text reference=text evalsim=empty/.test(f.key),
    expectation: "calls findings naming the telecom tools whose empty result reads as COMPLETED",
  },
];

function archive(clone: string, rev: string, into: string): string {
  const sha = execFileSync("git", ["-C", clone, "rev-parse", "--short=7", rev], { encoding: "utf8" }).trim();
  const dir = join(into, sha);
  mkdirSync(dir, { recursive: true });
  execFileSync("sh", ["-c", `git -C "$1" archive "$2" | tar -x -C "$3"`, "sh", clone, rev, dir]);
  return dir;
}

/** Unexplained occurrences per family; null for a family not run. */
function counts(r: CrosscheckReport): Record<string, number | null> {
  return Object.fromEntries(FAMILIES.map((f) => [f, r.families.includes(f) ? r.findings.filter((x) => x.family === f).reduce((s, x) => s + x.count, 0) : null]));
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { clone: { type: "string" }, "data-root": { type: "string" }, out: { type: "string" }, full: { type: "boolean" }, focus: { type: "boolean" }, fixes: { type: "string" } } });
  const fixes = values.fixes ? FIXES.filter((f) => (values.fixes as string).split(",").includes(f.commit)) : FIXES;
  const clone = values.clone ?? process.env["EVALSIM_NEMO_CLONE"];
  if (!clone) {
    process.stderr.write("history: --clone PATH (a labs-Voice-Agent clone with its history) is required\n");
    return 2;
  }
  const scratch = mkdtempSync(join(tmpdir(), "evalsim-history-"));
  const rows: unknown[] = [];
  let ok = true;
  try {
    for (const fix of fixes) {
      for (const [when, rev] of [["before", `${fix.commit}^`], ["at", fix.commit]] as const) {
        const tree = archive(clone, rev, scratch);
        const started = process.hrtime.bigint();
        const report = await runCrosscheck({ reference: tree, families: values.focus ? fix.families : FAMILIES, size: values.full ? DEFAULT : QUICK, registry, dataRoot: values["data-root"], progress: (l) => process.stderr.write(`  ${l}\n`) });
        const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e9);
        const hits = report.findings.filter(fix.flagged);
        const held = when === "before" ? hits.length > 0 : hits.length === 0;
        ok &&= held;
        const row = { fix: fix.commit, families: values.focus ? fix.families : FAMILIES, tree: when === "before" ? `${fix.commit}^` : fix.commit, seconds, counts: counts(report), flagged: hits.map((h) => `[${h.family}] ${h.count}× ${h.key}`), expectation: fix.expectation, held };
        rows.push(row);
        process.stdout.write(`${fix.commit} ${when.padEnd(6)} ${held ? "ok  " : "FAIL"} ${JSON.stringify(row.counts)} (${row.families.join(",")}) ${seconds} s\n`);
        for (const h of row.flagged) process.stdout.write(`    ${h}\n`);
        rmSync(tree, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (values.out) writeFileAtomic(values.out, `${JSON.stringify({ size: values.full ? "default" : "quick", rows }, null, 2)}\n`);
  return ok ? 0 : 1;
}

process.exitCode = await main();
