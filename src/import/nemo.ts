/**
 * A NeMo run folder, `eval_<ts>/` (NeMo's run_evaluation.py output): one
 * `<scenario>/` folder per scenario with `metrics.json` (`is_successful`),
 * `final_scenario_db_hash.txt` (`db_hash: ...`) and the bots' chat contexts
 * `bot_logs_{agent,user}/llm_context.json`, whose tool calls are the
 * recording. The two contexts do not say how the sides' calls interleave:
 * the user side's calls (telecom's phone tools) are replayed after the
 * agent's.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject } from "../json/types.js";
import { callsFromChatMessages } from "../replay/formats/chat-messages.js";
import { CallsFileError } from "../replay/formats/types.js";
import { readSourceJson } from "./read-json.js";
import type { SourceRun, SourceScenario } from "./types.js";
import { ImportError } from "./types.js";
import { readInputText } from "../loaders/input-file.js";
import { refuseLinksIn } from "../run/folder/guard.js";

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

function contextCalls(file: string, side: "agent" | "user"): SourceScenario["calls"] {
  if (!existsSync(file)) return [];
  const doc = readSourceJson(file);
  if (!Array.isArray(doc)) throw new ImportError(`${file}: expected a JSON array of chat messages`);
  try {
    return callsFromChatMessages(doc, "messages", side).map(({ recorded: _recorded, ...call }) => call);
  } catch (e) {
    if (e instanceof CallsFileError) throw new ImportError(`${file}: ${e.message}`);
    throw e;
  }
}

function dbHash(dir: string): string | null {
  const file = join(dir, "final_scenario_db_hash.txt");
  if (!existsSync(file)) return null;
  const m = /^db_hash: (\S+)$/m.exec(readInputText(file, "json"));
  return m && m[1] !== "None" ? (m[1] as string) : null;
}

function scenarioOf(dir: string, folder: string): SourceScenario {
  const metrics = readSourceJson(join(dir, "metrics.json"));
  if (!isJsonObject(metrics)) throw new ImportError(`${join(dir, "metrics.json")}: expected a JSON object`);
  const name = typeof metrics["scenario_name"] === "string" ? metrics["scenario_name"] : folder;
  const v = metrics["is_successful"];
  const verdict = typeof v === "boolean" || v === "N/A" ? v : null;
  const breakdown = metrics["success_breakdown"];
  const failed = isJsonObject(breakdown) && Array.isArray(breakdown["failed"]) ? breakdown["failed"].filter((x): x is string => typeof x === "string") : [];
  const reason = failed.length > 0 ? { reason: `failed ${failed.join(", ")}${typeof metrics["stop_reason"] === "string" && failed.includes("clean_exit") ? ` (stop_reason ${metrics["stop_reason"]})` : ""}` } : {};
  const calls = [...contextCalls(join(dir, "bot_logs_agent", "llm_context.json"), "agent"), ...contextCalls(join(dir, "bot_logs_user", "llm_context.json"), "user")];
  return { sourceName: name, key: { name }, calls, verdict, hash: dbHash(dir), ...reason };
}

/** The scenarios of `path`: an `eval_<ts>/` folder, or a folder holding exactly one. */
export function readNemoRun(path: string): SourceRun {
  if (!isDir(path)) throw new ImportError(`${path}: not a folder (a NeMo run folder is eval_<timestamp>/)`);
  const runs = readdirSync(path).filter((n) => n.startsWith("eval_") && isDir(join(path, n)));
  const dir = runs.length === 1 && !existsSync(join(path, "all_metrics.json")) ? join(path, runs[0] as string) : path;
  refuseLinksIn(dir);
  const folders = readdirSync(dir)
    .filter((n) => isDir(join(dir, n)) && existsSync(join(dir, n, "metrics.json")))
    .sort();
  if (folders.length === 0) throw new ImportError(`${path}: no NeMo run here (expected eval_<timestamp>/<scenario>/metrics.json)`);
  return { format: "nemo", scenarios: folders.map((f) => scenarioOf(join(dir, f), f)) };
}
