/**
 * Reading a finished (or merged, or half-finished) run folder: its options and
 * every scenario trial whose metrics are on disk, plus the files that explain
 * a verdict. The only place outside src/run that knows how a run folder is
 * laid out, so the results tools follow any change of layout in one step.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { TranscriptEvent } from "../engine/conversation/types.js";
import { parsePythonJson } from "../json/parse.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { DbDiff } from "../scoring/diff.js";
import {
  AGENT_PROMPT_FILE,
  AGENT_TOOLS_FILE,
  DB_DIFF_FILE,
  FINAL_RESPONSE_FILE,
  isPartialDirName,
  JUDGE_RESULT_FILE,
  METADATA_FILE,
  METRICS_FILE,
  readMetrics,
  REFERENCE_ANSWER_FILE,
  RUN_CONFIG_FILE,
  SUMMARY_FILE,
  TRANSCRIPT_FILE,
  trialOfDirName,
  USER_PROMPT_FILE,
  USER_TOOLS_FILE,
} from "../run/layout.js";
import { refuseLinksIn } from "../run/folder/guard.js";
import { readInputText } from "../loaders/input-file.js";
import { FixtureError } from "../loaders/load-db.js";

/** A folder that is not a readable run folder, naming what is wrong. */
export class RunFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunFolderError";
  }
}

/** One scenario trial of a run, as its metrics.json describes it. */
export interface TrialRecord {
  readonly name: string;
  readonly domain: string;
  /** The scenario-name prefix (`tau2_telecom_workflow`): what `--domain` selects and the tables group by. */
  readonly bucket: string;
  readonly trial: number;
  readonly status: "passed" | "failed" | "errored";
  readonly metrics: JsonObject;
  /** The trial's folder. */
  readonly dir: string;
  /** The run's options (run_config.json), when the record was read from a run folder. */
  readonly runConfig?: JsonObject;
}

/** A run folder read back: its configuration and one record per scenario trial. */
export interface RunFolder {
  readonly dir: string;
  readonly config: JsonObject;
  /** Every trial on disk, ordered by bucket, then scenario name (numbers in names compare as numbers), then trial. */
  readonly records: readonly TrialRecord[];
  /** Trials the run was asked for (summary.json), when it says. */
  readonly planned?: number;
}

function plannedTrials(dir: string): number | undefined {
  const file = join(dir, SUMMARY_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const s = parsePythonJson(readInputText(file, "json"));
    const t = isJsonObject(s) ? s["totals"] : undefined;
    const n = isJsonObject(t) ? t["planned_trials"] : undefined;
    return typeof n === "number" ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Natural order: `tau2_retail__9` before `tau2_retail__10`. Independent of locale. */
export function compareNames(a: string, b: string): number {
  const pa = a.split(/(\d+)/);
  const pb = b.split(/(\d+)/);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    if (x === y) continue;
    if (i % 2 === 1) return Number(x) - Number(y) || (x < y ? -1 : 1);
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/**
 * The run folder a path names: the folder itself when it holds a
 * run_config.json, else the one run folder directly inside it (a run's
 * `--out` root); several are an error that lists them.
 */
export function locateRunFolder(dir: string): string {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RunFolderError(`${dir}: no such run folder`);
  if (existsSync(join(dir, RUN_CONFIG_FILE))) return dir;
  const inside = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, RUN_CONFIG_FILE)))
    .map((e) => e.name)
    .sort(compareNames);
  if (inside.length === 1) return join(dir, inside[0] as string);
  if (inside.length > 1) throw new RunFolderError(`${dir} holds ${inside.length} run folders; name one: ${inside.map((n) => join(dir, n)).join(", ")}`);
  throw new RunFolderError(`${dir}: not a run folder (no ${RUN_CONFIG_FILE}, and no run folder inside)`);
}

function readConfig(dir: string): JsonObject {
  const file = join(dir, RUN_CONFIG_FILE);
  let config: JsonValue;
  try {
    config = parsePythonJson(readInputText(file, "json"));
  } catch (e) {
    if (e instanceof FixtureError) throw new RunFolderError(e.message);
    throw new RunFolderError(`${file}: ${(e as Error).message}`);
  }
  if (!isJsonObject(config)) throw new RunFolderError(`${file}: expected a JSON object`);
  return config;
}

function record(dir: string, metrics: JsonObject, folderName: string, trial: number, runConfig: JsonObject): TrialRecord {
  const name = typeof metrics["scenario_name"] === "string" ? metrics["scenario_name"] : folderName;
  const status = metrics["status"] === "passed" || metrics["status"] === "errored" ? metrics["status"] : "failed";
  return { name, domain: String(metrics["domain"] ?? ""), bucket: name.split("__")[0] ?? name, trial, status, metrics, dir, runConfig };
}

/** A run folder, or a folder holding exactly one (see locateRunFolder); refused when it holds a symbolic link. */
export function readRunFolder(path: string): RunFolder {
  const dir = locateRunFolder(path);
  refuseLinksIn(dir);
  const config = readConfig(dir);
  const records: TrialRecord[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || isPartialDirName(entry.name)) continue;
    const scenarioDir = join(dir, entry.name);
    if (existsSync(join(scenarioDir, METRICS_FILE))) {
      const m = readMetrics(scenarioDir);
      if (m) records.push(record(scenarioDir, m, entry.name, Number(m["trial"] ?? 1), config));
      continue;
    }
    for (const t of readdirSync(scenarioDir, { withFileTypes: true })) {
      const k = trialOfDirName(t.name);
      if (!t.isDirectory() || k === undefined) continue;
      const m = readMetrics(join(scenarioDir, t.name));
      if (m) records.push(record(join(scenarioDir, t.name), m, entry.name, k, config));
    }
  }
  records.sort((a, b) => compareNames(a.bucket, b.bucket) || compareNames(a.name, b.name) || a.trial - b.trial);
  const planned = plannedTrials(dir);
  return { dir, config, records, ...(planned !== undefined ? { planned } : {}) };
}

/** A file of a trial's folder as text, or undefined when absent. */
export function readTrialText(rec: TrialRecord, rel: string): string | undefined {
  const file = join(rec.dir, rel);
  return existsSync(file) ? readInputText(file, rel.endsWith(".jsonl") ? "transcript" : "json") : undefined;
}

function readTrialJson(rec: TrialRecord, rel: string): JsonValue | undefined {
  const text = readTrialText(rec, rel);
  if (text === undefined) return undefined;
  try {
    return parsePythonJson(text);
  } catch {
    return undefined;
  }
}

/** `db_diff.json`: written when db_state_match failed. */
export function readDbDiff(rec: TrialRecord): DbDiff | undefined {
  const v = readTrialJson(rec, DB_DIFF_FILE);
  return isJsonObject(v) ? (v as unknown as DbDiff) : undefined;
}

export function readTranscript(rec: TrialRecord): TranscriptEvent[] {
  const text = readTrialText(rec, TRANSCRIPT_FILE) ?? "";
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      return [parsePythonJson(line) as unknown as TranscriptEvent];
    } catch {
      return [];
    }
  });
}

/** What a scenario trial was given: prompts, tools, metadata, reference actions. */
export interface TrialConfig {
  readonly agentPrompt?: string;
  readonly userPrompt?: string;
  readonly agentTools?: JsonValue;
  readonly userTools?: JsonValue;
  readonly metadata?: JsonObject;
  readonly referenceActions?: JsonValue;
  readonly predictedActions?: JsonValue;
  readonly judgeResult?: JsonValue;
}

export function readTrialConfig(rec: TrialRecord): TrialConfig {
  const meta = readTrialJson(rec, METADATA_FILE);
  const reference = readTrialJson(rec, REFERENCE_ANSWER_FILE);
  const predicted = readTrialJson(rec, FINAL_RESPONSE_FILE);
  const pick = <T>(k: string, v: T | undefined): Record<string, T> => (v === undefined ? {} : { [k]: v });
  return {
    ...pick("agentPrompt", readTrialText(rec, AGENT_PROMPT_FILE)),
    ...pick("userPrompt", readTrialText(rec, USER_PROMPT_FILE)),
    ...pick("agentTools", readTrialJson(rec, AGENT_TOOLS_FILE)),
    ...pick("userTools", readTrialJson(rec, USER_TOOLS_FILE)),
    ...(isJsonObject(meta) ? { metadata: meta } : {}),
    ...pick("referenceActions", isJsonObject(reference) ? reference["actions"] : undefined),
    ...pick("predictedActions", Array.isArray(predicted) && isJsonObject(predicted[0]) ? predicted[0]["actions"] : undefined),
    ...pick("judgeResult", readTrialJson(rec, JUDGE_RESULT_FILE)),
  };
}
