/**
 * A trial's diagnosis from what a trial leaves: its transcript (the calls, in
 * the order they ran, and the turns around them), its scenario and its RNG.
 * A live run diagnoses a failed trial as it scores it; `evalsim diagnose`
 * re-derives the same diagnosis from a run folder.
 */
import type { CatalogEntry } from "../engine/catalog.js";
import type { TranscriptEvent } from "../engine/conversation/types.js";
import type { PreparedState } from "../engine/initial-state.js";
import type { Rng } from "../engine/rng.js";
import type { NameSpace } from "../engine/toolbox.js";
import type { ToolCall } from "../engine/types.js";
import { dbHash } from "../hash/db/index.js";
import type { JsonObject } from "../json/types.js";
import { diagnoseTrial } from "./diagnose.js";
import type { EndState } from "./counterfactual.js";
import type { Diagnosis, StepViolation } from "./types.js";

/** The trial's tool calls (both sides, in the order they ran) and, for each, how many spoken turns came before it. */
export function callsOfTranscript(transcript: readonly TranscriptEvent[]): { calls: ToolCall[]; turns: number[] } {
  const calls: ToolCall[] = [];
  const turns: number[] = [];
  let spoken = 0;
  for (const e of transcript) {
    if (e.type === "message") spoken++;
    if (e.type !== "tool_call") continue;
    calls.push({ name: e.name, arguments: e.arguments, side: e.side });
    turns.push(spoken);
  }
  return { calls, turns };
}

/** The end state a scenario's gating DB signals ask for. */
export function endStateOf(entry: CatalogEntry, expectedDb: JsonObject | undefined): EndState {
  const { scenario } = entry;
  return {
    ...(expectedDb && scenario.successSignals.includes("db_state_match") ? { expectedHash: dbHash(expectedDb) } : {}),
    ...(scenario.successSignals.includes("db_state_assertion") && scenario.dbStateAssertions.length > 0 ? { assertions: scenario.dbStateAssertions } : {}),
  };
}

/** A finished trial as `diagnoseTranscript` needs it: its scenario, initial state, date, RNG, transcript and verdict. */
export interface TrialFacts {
  readonly entry: CatalogEntry;
  readonly prepared: PreparedState;
  readonly today: string;
  /** The trial's RNG (`<seed>` forked by `<scenario>#<trial>`): its `tools` fork is the stream the live calls drew from. */
  readonly trialRng: Rng;
  readonly transcript: readonly TranscriptEvent[];
  /** The names the transcript's calls use: "llm" for every evalsim run, imported ones included. */
  readonly names?: NameSpace;
  readonly expectedDb: JsonObject | undefined;
  readonly failedSignals: readonly string[];
  readonly stopReason: string;
  readonly violations?: readonly StepViolation[];
}

/** The diagnosis of a failed trial from its transcript, as a run writes it into `metrics.json`. */
export function diagnoseTranscript(f: TrialFacts): Diagnosis {
  const { calls, turns } = callsOfTranscript(f.transcript);
  return diagnoseTrial({
    domain: f.entry.domain,
    prepared: f.prepared,
    gold: f.entry.scenario.goldCalls(),
    calls,
    turns,
    names: f.names ?? "llm",
    env: { today: f.today, rng: f.trialRng.fork("tools") },
    completionRng: (after) => f.trialRng.fork(`diagnosis:${after}`),
    end: endStateOf(f.entry, f.expectedDb),
    failedSignals: f.failedSignals,
    stopReason: f.stopReason,
    ...(f.violations ? { violations: f.violations } : {}),
  });
}
