import { join } from "node:path";
import { selectScenarios } from "../../engine/catalog.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import type { GoldRow } from "../../replay/gold-verify.js";
import { rowFailed, verifyGold } from "../../replay/gold-verify.js";
import { divergenceFor, loadKnownDivergences } from "../../loaders/known-divergences.js";
import { LIMITS, parse, parseIntFlag } from "../args.js";
import { fetchFixturesIfNone } from "../auto-fetch.js";
import { catalogFor } from "../context.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT } from "../io.js";
import { formatFailureList } from "../../results/failure-list.js";
import { firstDifference } from "../../results/reasons.js";
import { readRunFolder } from "../../results/read-run.js";
import { ciOutputsOf, CI_OUTPUT_OPTIONS, finishRun, outputsLine } from "../results-output.js";
import { createRunControl } from "../../run/control.js";
import { runSuite } from "../../run/suite.js";
import { createProgress } from "../progress.js";
import { runErrorsAsUsage, stoppedExit } from "./run-shared.js";
import { withStopSignals } from "./stop-signals.js";

/** The one folder under --out that every check run replaces. */
export const CHECK_FOLDER = "check";

function goldReason(g: GoldRow): string {
  if (g.error !== undefined) return g.error;
  const refused = g.refusals_fail ? g.refused_calls?.[0] : undefined;
  if (refused) return `goldCalls[${refused.index}] ${refused.name} (${refused.side}) refused: ${refused.message}`;
  if (g.match === false) return `gold DB ${g.diff ? firstDifference(g.diff) : `hash ${g.db_hash} differs from the expected ${g.expected_hash}`}`;
  const a = g.assertions?.find((v) => !v.passed);
  if (a) return `assertion ${a.func_name} failed: ${a.error ?? `expected ${JSON.stringify(a.expected)}, got ${JSON.stringify(a.actual)}`}`;
  const c = [...(g.checks?.must_call ?? []), ...(g.checks?.must_not_call ?? [])].find((v) => !v.met);
  return c ? `the gold calls break the check on ${c.name}` : "failed";
}

export const CHECK_HELP = `evalsim check [--out DIR] [--workers N] [--junit FILE] [--markdown FILE] [--json]   (the default when no command is given)
  Gold verification of every scenario of every domain, then the oracle/scripted simulation of every
  scenario, and a per-domain table. The simulation is written to <out>/check/ (--out DIR, default
  eval_results): one folder that each check replaces, so repeated checks do not pile up. Exit 0 only when
  everything passes, apart from entries in data/known-divergences.json. Ends with each failing
  scenario and its reason; --junit / --markdown write the simulation's results for CI.
  With no data root anywhere (no --data-root, no EVAL_DATA_ROOT, nothing in data/fixtures or
  ../shared/fixtures) it first fetches the pinned fixtures into data/fixtures, verified against
  data/fixtures.manifest.json (EVAL_FIXTURES_URL names a mirror to fetch from instead).`;

interface BucketRow {
  bucket: string;
  scenarios: number;
  gold_ok: number;
  gold_failed: number;
  gold_known: number;
  run_passed: number;
  run_failed: number;
  run_errored: number;
  run_known: number;
}

const CHECK_OPTIONS = { out: { type: "string" }, workers: { type: "string" }, json: { type: "boolean" }, ...CI_OUTPUT_OPTIONS } as const;

export async function checkCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io, registry } = ctx;
  const { values } = parse(argv, CHECK_OPTIONS, false);
  await fetchFixturesIfNone(ctx);
  const dataRoot = ctx.dataRoot;
  const catalog = catalogFor(registry, io, dataRoot, {});
  const entries = selectScenarios(catalog, {});
  // An authored (plugin) domain's gold list must go through, as in `evalsim gold`.
  const gold: GoldRow[] = entries.map((e) => verifyGold(e, { seed: 0, authored: registry.loadPolicy?.checked(e.domain) ?? false }));

  const control = createRunControl();
  const progress = createProgress({ write: (t) => io.err(t), enabled: io.isTty && !values["json"], now: () => io.now().getTime(), columns: io.columns });
  const result = await withStopSignals(control, io, () =>
    runErrorsAsUsage(() =>
      runSuite({
        registry,
        dataRoot: { flag: dataRoot, env: io.env["EVAL_DATA_ROOT"] },
        settings: {},
        env: io.env,
        reuseDir: join((values["out"] as string | undefined) ?? "eval_results", CHECK_FOLDER),
        workers: parseIntFlag(values["workers"] as string | undefined, "--workers", 1, LIMITS.workers),
        now: () => io.now(),
        control,
        onEvent: (e) => progress.event(e),
      }),
    ),
  );
  progress.finish();
  const { report, runDir } = result;
  finishRun(runDir, ciOutputsOf(values), undefined, "evalsim run");

  const rows = new Map<string, BucketRow>();
  const row = (bucket: string): BucketRow => {
    let r = rows.get(bucket);
    if (!r) rows.set(bucket, (r = { bucket, scenarios: 0, gold_ok: 0, gold_failed: 0, gold_known: 0, run_passed: 0, run_failed: 0, run_errored: 0, run_known: 0 }));
    return r;
  };
  entries.forEach((e, i) => {
    const r = row(e.scenario.bucket);
    r.scenarios++;
    const g = gold[i] as GoldRow;
    if (rowFailed(g)) r.gold_failed++;
    else if (g.known_divergence) r.gold_known++;
    else r.gold_ok++;
  });
  // A domain's own entries (defineDomain's knownDivergences) join the project's, as gold counts them.
  const known = [...loadKnownDivergences(), ...registry.domains.flatMap((d) => d.knownDivergences ?? [])];
  for (const s of report.scenarios) {
    const r = row(s.bucket);
    if (s.status === "passed") r.run_passed++;
    else if (divergenceFor(s.name, "run", known)) r.run_known++;
    else if (s.status === "errored") r.run_errored++;
    else r.run_failed++;
  }
  const table = [...rows.values()];
  const ok = table.every((r) => r.gold_failed === 0 && r.run_failed === 0 && r.run_errored === 0);
  if (values["json"]) io.out(toJsonText({ ok, domains: table } as unknown as JsonValue, 2) + "\n");
  else {
    io.out(`${"bucket".padEnd(24)} ${"scenarios".padStart(9)} ${"gold ok".padStart(8)} ${"gold bad".padStart(8)} ${"run pass".padStart(8)} ${"run fail".padStart(8)} ${"errored".padStart(8)} ${"known".padStart(6)}\n`);
    for (const r of table) {
      io.out(
        `${r.bucket.padEnd(24)} ${String(r.scenarios).padStart(9)} ${String(r.gold_ok).padStart(8)} ${String(r.gold_failed).padStart(8)} ${String(r.run_passed).padStart(8)} ${String(r.run_failed).padStart(8)} ${String(r.run_errored).padStart(8)} ${String(r.gold_known + r.run_known).padStart(6)}\n`,
      );
    }
    for (const g of gold) if (rowFailed(g)) io.out(`GOLD FAILED  ${g.name}  ${goldReason(g)}\n`);
    io.out(formatFailureList(readRunFolder(runDir), { columns: io.outColumns }));
    // Failures a known divergence accepts are still listed above ("Did not pass"): say they are the accepted ones.
    const accepted = table.reduce((n, r) => n + r.gold_known + r.run_known, 0);
    const pass = accepted === 0 ? "all scenarios pass\n" : `all scenarios pass, apart from ${accepted} failure(s) a known divergence accepts (the known column)\n`;
    io.out(ok ? pass : "FAILURES: see the lists above and the run folder\n");
    io.out(outputsLine(runDir, ciOutputsOf(values)));
  }
  return stoppedExit(result, io, "check") ?? (ok ? EXIT.ok : EXIT.failed);
}

export const command: Command = {
  defaults: { options: CHECK_OPTIONS },
  name: "check",
  summary: "the default job: gold verification and an oracle run of every scenario, one table",
  help: CHECK_HELP,
  run: checkCommand,
};
