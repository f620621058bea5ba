/**
 * Which jobs of a run folder are finished, by the reference's rule, and what
 * to clear before the rest runs again.
 */
import { rmSync } from "node:fs";
import type { JsonObject } from "../json/types.js";
import type { Job } from "./jobs.js";
import { scenarioDir, scenarioFolderState } from "./layout.js";

/** The agent's response count as metrics record it (`token_usage.agent.n_calls`). */
export function agentResponses(metrics: JsonObject): number | undefined {
  const usage = metrics["token_usage"];
  const agent = usage && typeof usage === "object" && !Array.isArray(usage) ? (usage)["agent"] : undefined;
  const n = agent && typeof agent === "object" && !Array.isArray(agent) ? (agent)["n_calls"] : undefined;
  return typeof n === "number" ? n : undefined;
}

/**
 * The reference's resume rule: a scenario is finished when its metrics are
 * readable, it had turns, and the agent answered at least `minAgentTurns`
 * times — the resuming run's N, whatever N the scenario ran with, so a
 * higher N reruns it and a lower one keeps it. An errored scenario runs
 * again too (a bot or endpoint failure may not recur).
 */
export function isFinished(metrics: JsonObject | undefined, minAgentTurns: number): boolean {
  if (!metrics) return false;
  if (metrics["status"] === "errored" || metrics["total_turns"] === 0) return false;
  if (minAgentTurns <= 0) return true;
  const n = agentResponses(metrics);
  return n === undefined ? metrics["insufficient_agent_turns"] !== true : n >= minAgentTurns;
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
    (state.kind === "complete" && isFinished(state.metrics, minAgentTurns) ? done : todo).push(j);
  }
  return { done, todo, repaired };
}
