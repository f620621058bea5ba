/**
 * Which jobs of a run folder are finished, by the reference's rule, and what
 * to clear before the rest runs again.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { JsonObject } from "../../json/types.js";
import type { Job } from "../jobs.js";
import { llmContextFile, scenarioDir, scenarioFolderState } from "../layout.js";
import { readInputText } from "../../loaders/input-file.js";
import { pyIntInstance } from "../../python/number.js";


const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const objectAt = (o: unknown, key: string): Record<string, unknown> | undefined => {
  const v = isObject(o) ? o[key] : undefined;
  return isObject(v) ? v : undefined;
};

/** `m.get("total_turns", 0) == 0` in Python: absent, 0 or false (None is not 0). */
const noTurns = (v: unknown): boolean => v === undefined || v === 0 || v === false;

/** Assistant messages in the agent's saved model context, or undefined when it is absent or unreadable. */
function agentContextResponses(dir: string): number | undefined {
  let context: unknown;
  try {
    context = JSON.parse(readInputText(join(dir, llmContextFile("agent")), "json"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(context)) return undefined;
  return context.filter((m) => isObject(m) && m["role"] === "assistant").length;
}

/**
 * The agent's response count, as the reference finds it: metrics'
 * `token_usage.agent.n_calls` when it is an integer, else the assistant
 * messages of the agent's saved context (`dir`), else unknown.
 */
export function agentResponses(metrics: JsonObject, dir?: string): number | undefined {
  // `n_calls` as Python's `isinstance(n, int)` sees it.
  const n = pyIntInstance(objectAt(metrics["token_usage"], "agent")?.["n_calls"]);
  if (n !== undefined) return n;
  return dir === undefined ? undefined : agentContextResponses(dir);
}

/**
 * The reference's resume rule: a scenario is finished when its metrics are
 * readable, it had turns (a missing `total_turns` counts as none), and the
 * agent answered at least `minAgentTurns` times — the resuming run's N,
 * whatever N the scenario ran with, so a higher N reruns it and a lower one
 * keeps it. A scenario whose response count is unknown is kept, as the
 * reference keeps it. An errored scenario runs again too (evalsim's own
 * rule: a bot or endpoint failure may not recur).
 */
export function isFinished(metrics: JsonObject | undefined, minAgentTurns: number, dir?: string): boolean {
  if (!metrics) return false;
  if (metrics["status"] === "errored" || noTurns(metrics["total_turns"])) return false;
  if (minAgentTurns <= 0) return true;
  const n = agentResponses(metrics, dir);
  return n === undefined || n >= minAgentTurns;
}

export interface PendingSplit {
  readonly done: Job[];
  readonly todo: Job[];
  /** Scenario folders that were there but not complete (removed, to run again). */
  readonly repaired: string[];
}

/**
 * Split the jobs into finished and to-run. A folder that is not complete
 * (a file missing or unreadable) is removed now, so a run that stops before
 * reaching it leaves no broken folder behind.
 */
export function splitFinished(runDir: string, jobs: readonly Job[], trials: number, minAgentTurns: number): PendingSplit {
  const done: Job[] = [];
  const todo: Job[] = [];
  const repaired: string[] = [];
  for (const j of jobs) {
    const dir = scenarioDir(runDir, j.entry.scenario.name, j.trial, trials);
    const state = scenarioFolderState(dir);
    if (state.kind === "incomplete") {
      rmSync(dir, { recursive: true, force: true });
      repaired.push(`${dir}: ${state.problem}`);
    }
    (state.kind === "complete" && isFinished(state.metrics, minAgentTurns, dir) ? done : todo).push(j);
  }
  return { done, todo, repaired };
}
