/**
 * `evalsim import FORMAT PATH`: another harness's run as an evalsim run
 * folder. Each recorded scenario is re-graded by evalsim: its recorded tool
 * calls are re-issued by the replay agent on the scenario's initial state and
 * scored with the same signals as a native run. The source's own verdict and
 * hash stay beside evalsim's in each metrics.json (`imported`), with whether
 * the verdicts agree; `imported.json` counts the disagreements and lists the
 * scenarios that matched nothing evalsim knows.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Catalog, CatalogEntry } from "../engine/catalog.js";
import { loadCatalog } from "../engine/catalog.js";
import type { Registry } from "../engine/registry.js";
import type { ToolCall } from "../engine/types.js";
import { writeFileAtomic } from "../json/atomic-write.js";
import { pySpelledJsonText } from "../python/spelled-json-text.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { ALL_METRICS_FILE, IMPORTED_FILE, METRICS_FILE, readMetrics } from "../run/layout.js";
import { writeRunFiles } from "../run/folder/summary-files.js";
import type { SuiteReport } from "../run/folder/summary-files.js";
import { runSuite } from "../run/suite.js";
import { notReplayedPhrase, reasonLine } from "../results/reasons.js";
import { readRunFolder } from "../results/read-run.js";
import { readEvaRecords } from "./eva.js";
import { readNemoRun } from "./nemo.js";
import { readSourceJson } from "./read-json.js";
import { readTau2Results } from "./tau2.js";
import type { ImportFormat, ScenarioKey, SourceRun, SourceScenario } from "./types.js";
import { ImportError } from "./types.js";

const READERS: Readonly<Record<ImportFormat, (path: string) => SourceRun>> = { nemo: readNemoRun, tau2: readTau2Results, eva: readEvaRecords };

/** What `importRun` reads (a source harness's run and its format) and where it writes the evalsim run folder. */
export interface ImportRequest {
  readonly registry: Registry;
  readonly dataRoot: { readonly flag?: string | undefined; readonly env?: string | undefined };
  readonly format: ImportFormat;
  readonly path: string;
  /** Where the run folder goes (`<out>/eval_<stamp>`). */
  readonly out: string;
  readonly now: () => Date;
  readonly workers?: number | undefined;
}

/** One imported scenario, as metrics.json's `imported` and imported.json list it. */
export interface ImportedScenario {
  readonly scenario: string;
  readonly source: string;
  readonly source_verdict: boolean | "N/A" | null;
  readonly source_hash: string | null;
  readonly evalsim_verdict: boolean | "N/A" | null;
  /** null when the source records no verdict. */
  readonly agrees: boolean | null;
  /** Why each side failed it, where one did: the source's own words, evalsim's reason line. */
  readonly source_reason?: string;
  readonly evalsim_reason?: string;
}

/** What `importRun` wrote: the run folder, each matched scenario with both verdicts, the disagreements and the unmatched recordings. */
export interface ImportResult {
  readonly runDir: string;
  readonly format: ImportFormat;
  readonly scenarios: readonly ImportedScenario[];
  readonly disagreements: readonly ImportedScenario[];
  /** Source scenarios evalsim has no scenario for (or a repeated trial), by their source names. */
  readonly unmatched: readonly string[];
  readonly report: SuiteReport;
}

function matcher(catalog: Catalog): (key: ScenarioKey) => CatalogEntry | undefined {
  const byUpstream = new Map<string, CatalogEntry>();
  for (const e of catalog.entries) byUpstream.set(`${e.scenario.bucket}\u0000${e.scenario.upstreamId}`, e);
  return (key) => ("name" in key ? catalog.byName.get(key.name) : byUpstream.get(`${key.bucket}\u0000${key.upstreamId}`));
}

/**
 * A call list evalsim's replay agent reads, in Python's spelling (floats stay
 * floats). Each call's arguments were decoded once already, as the recording
 * holds them; they travel as their JSON text (a string value there), which the
 * list's reader decodes exactly once more back to the same value. Written as a
 * bare value, a string (a call whose argument text was the JSON of a string)
 * would be decoded a second time, and `null` read as no arguments.
 */
function callListText(calls: readonly ToolCall[]): string {
  const items = calls.map((c) => `{"name":${JSON.stringify(c.name)},"arguments":${JSON.stringify(pySpelledJsonText(c.arguments, c.argumentsFloat === true))},"side":${JSON.stringify(c.side ?? "agent")}}`);
  return `[${items.join(",\n")}]\n`;
}

const verdictOf = (m: JsonObject | undefined): boolean | "N/A" | null => {
  const v = m?.["is_successful"];
  return typeof v === "boolean" || v === "N/A" ? v : null;
};

/** Turn another harness's run into an evalsim run folder, each scenario re-graded by evalsim with the source's verdict kept beside it: what `evalsim import` does. */
export async function importRun(req: ImportRequest): Promise<ImportResult> {
  const source = READERS[req.format](req.path);
  const catalog = loadCatalog(req.registry, { flag: req.dataRoot.flag, env: { EVAL_DATA_ROOT: req.dataRoot.env } });
  const find = matcher(catalog);
  const matched = new Map<string, SourceScenario>();
  const unmatched: string[] = [];
  for (const s of source.scenarios) {
    const entry = find(s.key);
    if (!entry) unmatched.push(s.sourceName);
    else if (matched.has(entry.scenario.name)) unmatched.push(`${s.sourceName} (another recording of ${entry.scenario.name})`);
    else matched.set(entry.scenario.name, s);
  }
  if (matched.size === 0) throw new ImportError(`${req.path}: names no scenario evalsim knows (${unmatched.slice(0, 5).join(", ")}${unmatched.length > 5 ? `, and ${unmatched.length - 5} more` : ""})`);

  const callsDir = mkdtempSync(join(tmpdir(), "evalsim-import-"));
  let runDir: string;
  try {
    for (const [name, s] of matched) writeFileSync(join(callsDir, `${name}.json`), callListText(s.calls));
    const result = await runSuite({
      registry: req.registry,
      dataRoot: req.dataRoot,
      settings: { scenarios: [...matched.keys()], agent: "replay", user: "scripted" },
      inputs: { calls: callsDir },
      out: req.out,
      now: req.now,
      workers: req.workers,
    });
    runDir = result.runDir;
  } finally {
    rmSync(callsDir, { recursive: true, force: true });
  }

  const scenarios: ImportedScenario[] = [];
  const updated = new Map<string, JsonObject>();
  const records = new Map(readRunFolder(runDir).records.map((r) => [r.name, r]));
  for (const [name, s] of matched) {
    const dir = join(runDir, name);
    const m = readMetrics(dir);
    const evalsim = verdictOf(m);
    const agrees = s.verdict === null ? null : s.verdict === evalsim;
    const rec = records.get(name);
    // A passed replay that still left calls out says so too (reasonLine says it for the others).
    const evalsimReason = rec ? (reasonLine(rec) ?? notReplayedPhrase(rec.metrics)) : undefined;
    const reasons = { ...(s.reason !== undefined ? { source_reason: s.reason } : {}), ...(evalsimReason !== undefined ? { evalsim_reason: evalsimReason } : {}) };
    const imported: ImportedScenario = { scenario: name, source: s.sourceName, source_verdict: s.verdict, source_hash: s.hash, evalsim_verdict: evalsim, agrees, ...reasons };
    scenarios.push(imported);
    if (!m) continue;
    const kept = { format: source.format, source: s.sourceName, source_verdict: s.verdict, source_hash: s.hash, agrees, ...(s.reason !== undefined ? { source_reason: s.reason } : {}) };
    const next = { ...m, imported: kept as JsonValue };
    writeFileAtomic(join(dir, METRICS_FILE), toJsonText(next, 2) + "\n");
    updated.set(name, next);
  }
  // The run-level files again, in the run's own (job) order, from the updated metrics.
  const all = readSourceJson(join(runDir, ALL_METRICS_FILE));
  const metrics = (Array.isArray(all) ? all : []).flatMap((m) => (isJsonObject(m) ? [updated.get(String(m["scenario_name"])) ?? m] : []));
  const report = writeRunFiles(runDir, metrics, 1);
  const disagreements = scenarios.filter((s) => s.agrees === false);
  const summary = { format: source.format, path: req.path, scenarios: scenarios.length, disagreements: disagreements.length, disagreeing: disagreements, unmatched };
  writeFileAtomic(join(runDir, IMPORTED_FILE), toJsonText(summary as unknown as JsonValue, 2) + "\n");
  return { runDir, format: source.format, scenarios, disagreements, unmatched, report };
}
