/**
 * Where `--agent replay --calls DIR_OR_FILE` finds each scenario's recorded
 * calls: a single calls file (one selected scenario), a folder holding
 * `<scenario>.json` files in any format `evalsim replay` reads, or an evalsim
 * run folder, whose `<scenario>/transcript.jsonl` (or `<scenario>/trial_<k>/`)
 * tool_call events are re-issued with their side, or a NeMo run folder, whose
 * `<scenario>/bot_logs_agent/llm_context.json` calls are.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { endConversationTool } from "../../engine/end-conversation.js";
import type { ToolCall } from "../../engine/types.js";
import type { RecordedCall } from "../../replay/calls-file.js";
import { CallsFileError, parseCallsText } from "../../replay/calls-file.js";
import { callsFromTranscript } from "../../replay/formats/transcript-lines.js";
import type { RecordedCalls } from "./spec.js";
import type { Job } from "../jobs.js";
import { refuseLinksIn } from "../folder/guard.js";
import { llmContextFile, TRANSCRIPT_FILE, trialDirs } from "../layout.js";
import { readInputText } from "../../loaders/input-file.js";
import { FixtureError } from "../../loaders/load-db.js";

const END_NAMES = new Set([endConversationTool.name, ...(endConversationTool.aliases ?? [])]);

/**
 * The replay agent closes every call with its own EndConversationTool, so a
 * recording's closing call is not re-issued a second time.
 */
function withoutClosingCall(calls: readonly ToolCall[]): ToolCall[] {
  const last = calls[calls.length - 1];
  const closes = last !== undefined && (last.side ?? "agent") === "agent" && END_NAMES.has(last.name);
  return closes ? calls.slice(0, -1) : [...calls];
}

function readText(file: string): string {
  try {
    return readInputText(file, file.endsWith(".jsonl") ? "transcript" : "json");
  } catch (e) {
    if (e instanceof FixtureError) throw new CallsFileError(e.message);
    throw new CallsFileError(`${file}: ${(e as Error).message}`);
  }
}

/** The calls alone (what a recording says they returned is for `evalsim replay`'s comparison). */
const plain = (calls: readonly RecordedCall[]): ToolCall[] => calls.map(({ recorded: _recorded, ...call }) => call);

function callsFile(file: string): ToolCall[] {
  try {
    return plain(parseCallsText(readText(file), file).calls);
  } catch (e) {
    if (e instanceof CallsFileError && !e.message.startsWith(`${file}:`)) throw new CallsFileError(`${file}: ${e.message}`);
    throw e;
  }
}

/** The tool calls of an evalsim transcript, in the order they were made. */
export function transcriptCalls(file: string): ToolCall[] {
  return plain(callsFromTranscript(readText(file), file));
}

/**
 * One scenario's recordings in a folder: `<scenario>.json`, or the scenario
 * folder of a run (one transcript, or one per trial folder, as the run folder
 * layout names them).
 */
function fromFolder(dir: string, name: string): ToolCall[][] {
  const file = join(dir, `${name}.json`);
  if (existsSync(file)) return [callsFile(file)];
  const folder = join(dir, name);
  const transcript = join(folder, TRANSCRIPT_FILE);
  if (existsSync(transcript)) return [transcriptCalls(transcript)];
  // A NeMo run's scenario folder: the agent's chat context (its calls; the user side's follow, see import/nemo.ts).
  const agentContext = join(folder, llmContextFile("agent"));
  if (existsSync(agentContext)) {
    const userContext = join(folder, llmContextFile("user"));
    const userCalls = existsSync(userContext) ? callsFile(userContext).map((c): ToolCall => ({ ...c, side: "user" })) : [];
    return [[...callsFile(agentContext), ...userCalls]];
  }
  const trials: ToolCall[][] = [];
  for (const trial of trialDirs(folder)) {
    const file = join(trial, TRANSCRIPT_FILE);
    if (!existsSync(file)) break;
    trials.push(transcriptCalls(file));
  }
  return trials;
}

export interface LoadedRecordings {
  readonly recorded: RecordedCalls;
  /** Jobs with no recording, as `name` or `name (trial k)`. */
  readonly missing: readonly string[];
}

/** Read the recordings the given jobs need; a file serves exactly one scenario. */
export function loadRecordings(source: string, jobs: readonly Job[]): LoadedRecordings {
  if (!existsSync(source)) throw new CallsFileError(`${source}: no such file or folder`);
  const names = [...new Set(jobs.map((j) => j.entry.scenario.name))];
  const recorded: Record<string, ToolCall[][]> = {};
  if (statSync(source).isDirectory()) {
    refuseLinksIn(source);
    for (const name of names) recorded[name] = fromFolder(source, name).map(withoutClosingCall);
  } else {
    if (names.length !== 1) throw new CallsFileError(`${source}: a calls file serves one scenario, but ${names.length} are selected; pass a folder of <scenario>.json files or a run folder`);
    recorded[names[0] as string] = [withoutClosingCall(callsFile(source))];
  }
  const missing: string[] = [];
  for (const job of jobs) {
    const trials = recorded[job.entry.scenario.name] ?? [];
    if (trials.length === 0) {
      if (!missing.includes(job.entry.scenario.name)) missing.push(job.entry.scenario.name);
    } else if (trials.length > 1 && job.trial > trials.length) missing.push(`${job.entry.scenario.name} (trial ${job.trial})`);
  }
  for (const name of names) if (recorded[name]?.length === 0) delete recorded[name];
  return { recorded, missing };
}
