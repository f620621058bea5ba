/**
 * The run folder's layout, in one place: every path and file name that run,
 * resume, merge, recorded-call loading and the result readers use.
 *
 *   <run>/run_config.json            the options that produced the run
 *   <run>/all_metrics.json           every scenario's metrics, in job order
 *   <run>/summary.json, all_summary.txt
 *   <run>/.evalsim-run.lock          while a process works in the folder
 *   <run>/imported.json              an imported run: where it came from, what disagrees
 *   <out>/.evalsim-merge.json        while a merge works in its output folder
 *   <run>/report.html                `evalsim report RUN`'s default output
 *   <run>/<scenario>/                one trial (`--trials 1`)
 *   <run>/<scenario>/trial_<k>/      trial k of several
 *   <scenario folder>/metrics.json, transcript.jsonl, scenario_config/..., ...
 *
 * A scenario folder is written as `<folder>.partial` and renamed into place,
 * and each run-level file through `writeFileAtomic`'s temp name; those two
 * kinds of leftovers are the only files clean-up removes.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isAtomicTempName } from "../json/atomic-write.js";
import { parsePythonJson } from "../json/parse.js";
import type { JsonObject } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { readInputText } from "../loaders/input-file.js";

export const RUN_CONFIG_FILE = "run_config.json";
export const ALL_METRICS_FILE = "all_metrics.json";
export const SUMMARY_FILE = "summary.json";
export const SUMMARY_TEXT_FILE = "all_summary.txt";
export const LOCK_FILE = ".evalsim-run.lock";
/** An imported run (`evalsim import`): the source, its verdicts' agreement with evalsim's, unmatched scenarios. */
export const IMPORTED_FILE = "imported.json";
/** In a merge's output while the merge works in it, so a killed merge can be rerun into its own partial output. */
export const MERGE_MARKER = ".evalsim-merge.json";
/** Where `evalsim report RUN` writes its HTML unless told otherwise. */
export const REPORT_FILE = "report.html";
/** The files a run writes at its top level (the lock aside). */
export const RUN_LEVEL_FILES: readonly string[] = [RUN_CONFIG_FILE, ALL_METRICS_FILE, SUMMARY_FILE, SUMMARY_TEXT_FILE];

/** Per-scenario files. */
export const METRICS_FILE = "metrics.json";
export const TRANSCRIPT_FILE = "transcript.jsonl";
export const FINAL_RESPONSE_FILE = "final_agent_response.json";
export const DB_HASH_FILE = "final_scenario_db_hash.txt";
export const DB_DIFF_FILE = "db_diff.json";
export const JUDGE_RESULT_FILE = "judge_result.json";
export const CONFIG_DIR = "scenario_config";
export const AGENT_PROMPT_FILE = `${CONFIG_DIR}/agent_prompt.txt`;
export const USER_PROMPT_FILE = `${CONFIG_DIR}/user_prompt.txt`;
export const AGENT_TOOLS_FILE = `${CONFIG_DIR}/agent_tools.json`;
export const USER_TOOLS_FILE = `${CONFIG_DIR}/user_tools.json`;
export const METADATA_FILE = `${CONFIG_DIR}/metadata.json`;
export const REFERENCE_ANSWER_FILE = `${CONFIG_DIR}/reference_answer.json`;
export const llmContextFile = (side: string): string => `bot_logs_${side}/llm_context.json`;

/** Every folder of a scenario that produced an outcome holds these. */
export const REQUIRED_SCENARIO_FILES: readonly string[] = [
  METRICS_FILE,
  TRANSCRIPT_FILE,
  FINAL_RESPONSE_FILE,
  DB_HASH_FILE,
  AGENT_PROMPT_FILE,
  USER_PROMPT_FILE,
  AGENT_TOOLS_FILE,
  USER_TOOLS_FILE,
  METADATA_FILE,
];

export const PARTIAL_SUFFIX = ".partial";

/** A scenario or trial folder still being written (see partialDirOf). */
export const isPartialDirName = (name: string): boolean => name.endsWith(PARTIAL_SUFFIX);

/** `<scenario>` for a single trial, `<scenario>/trial_<k>` otherwise (relative to the run folder). */
export function scenarioDirName(name: string, trial: number, trials: number): string {
  return trials > 1 ? join(name, trialDirName(trial)) : name;
}

export function scenarioDir(runDir: string, name: string, trial: number, trials: number): string {
  return join(runDir, scenarioDirName(name, trial, trials));
}

/** Where a scenario folder is written before it is renamed into place. */
export const partialDirOf = (dir: string): string => `${dir}${PARTIAL_SUFFIX}`;

export const trialDirName = (trial: number): string => `trial_${trial}`;

/** The trial a folder named `trial_<k>` holds, or undefined for any other name. */
export function trialOfDirName(name: string): number | undefined {
  const k = /^trial_(\d+)$/.exec(name);
  return k ? Number(k[1]) : undefined;
}

/** The trial folders `trial_1 ... trial_k` of a scenario folder, as long as they run on without a gap. */
export function trialDirs(scenarioFolder: string): string[] {
  const out: string[] = [];
  for (let k = 1; existsSync(join(scenarioFolder, trialDirName(k))); k++) out.push(join(scenarioFolder, trialDirName(k)));
  return out;
}

function readJsonObject(file: string): JsonObject | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const v = parsePythonJson(readInputText(file, "json"));
    return isJsonObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A scenario folder's metrics, or undefined when absent or unreadable. */
export function readMetrics(dir: string): JsonObject | undefined {
  return readJsonObject(join(dir, METRICS_FILE));
}

/** The run's `run_config.json`, or undefined when absent or unreadable. */
export function readRunConfigFile(runDir: string): JsonObject | undefined {
  return readJsonObject(join(runDir, RUN_CONFIG_FILE));
}

function parses(file: string): boolean {
  try {
    const text = readInputText(file, file.endsWith(".jsonl") ? "transcript" : "json");
    if (file.endsWith(".jsonl")) {
      for (const line of text.split("\n")) if (line.trim() !== "") parsePythonJson(line);
    } else if (file.endsWith(".json")) parsePythonJson(text);
    return true;
  } catch {
    return false;
  }
}

function filesUnder(dir: string, rel = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const r = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) {
      if (!/^trial_\d+/.test(e.name)) out.push(...filesUnder(dir, r));
    } else out.push(r);
  }
  return out;
}

export type ScenarioFolderState =
  | { readonly kind: "absent" }
  /** Metrics readable; for an outcome (not an errored stub), every required file present and every JSON file parses. */
  | { readonly kind: "complete"; readonly metrics: JsonObject }
  | { readonly kind: "incomplete"; readonly problem: string };

/**
 * What is on disk for one scenario trial. An errored scenario's folder holds
 * only its metrics; any other must hold every required file, readable.
 */
export function scenarioFolderState(dir: string): ScenarioFolderState {
  if (!existsSync(dir)) return { kind: "absent" };
  const metrics = readMetrics(dir);
  if (!metrics) return { kind: "incomplete", problem: `${METRICS_FILE} is missing or unreadable` };
  if (metrics["status"] === "errored") return { kind: "complete", metrics };
  const missing = REQUIRED_SCENARIO_FILES.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) return { kind: "incomplete", problem: `missing ${missing.join(", ")}` };
  const broken = filesUnder(dir).filter((f) => !parses(join(dir, f)));
  if (broken.length > 0) return { kind: "incomplete", problem: `unreadable ${broken.join(", ")}` };
  return { kind: "complete", metrics };
}

/**
 * Remove what a process that died in `runDir` left behind, and nothing else:
 * `<scenario>.partial` and `<scenario>/trial_<k>.partial` of the run's own
 * scenarios, and `writeFileAtomic` temp files of the run-level files.
 */
export function clearLeftovers(runDir: string, scenarioNames: Iterable<string>, trials: number): string[] {
  const removed: string[] = [];
  const rm = (p: string): void => {
    if (!existsSync(p)) return;
    rmSync(p, { recursive: true, force: true });
    removed.push(p);
  };
  for (const name of scenarioNames) {
    rm(partialDirOf(join(runDir, name)));
    if (trials > 1 && existsSync(join(runDir, name))) {
      for (const e of readdirSync(join(runDir, name))) if (/^trial_\d+\.partial$/.test(e)) rm(join(runDir, name, e));
    }
  }
  if (existsSync(runDir)) {
    for (const e of readdirSync(runDir)) if ([...RUN_LEVEL_FILES, LOCK_FILE].some((f) => isAtomicTempName(e, f))) rm(join(runDir, e));
  }
  return removed;
}
