/**
 * The `policy` signal of a trial: the agent's calls that broke a rule of its
 * domain's policy. Reported, never gating, unless the run asks for it
 * (`--gate policy`): then a trial with a violation fails, one without passes
 * the signal. A trial without violations and without the gate is scored (and
 * written) exactly as if the signal did not exist.
 */
import { factsJson } from "../../engine/policy-rule.js";
import type { JsonObject } from "../../json/types.js";
import type { ScoreFields } from "../signals.js";
import type { PolicyViolation } from "./check.js";

export function gatePolicy(score: ScoreFields, violations: readonly PolicyViolation[], gated: boolean): ScoreFields {
  if (!gated) return score;
  const passed = violations.length === 0;
  const b = score.success_breakdown;
  const breakdown = passed ? { ...b, passed: [...b.passed, "policy" as const] } : { ...b, failed: [...b.failed, "policy" as const] };
  if (score.insufficient_agent_turns) return { ...score, success_breakdown: breakdown };
  const is_successful = score.is_successful === "N/A" ? passed : score.is_successful && passed;
  const task = score.is_task_successful === undefined ? passed : score.is_task_successful && passed;
  return { ...score, success_breakdown: breakdown, is_successful, is_task_successful: task };
}

/** `metrics.json`'s `policy_violations`: each violation as JSON, in step order. */
export function violationsJson(violations: readonly PolicyViolation[]): JsonObject[] {
  return violations.map((v) => ({
    scenario: v.scenario,
    step: v.step,
    ...(v.turn !== undefined ? { turn: v.turn } : {}),
    tool: v.tool,
    rule: v.rule,
    facts: factsJson(v.facts),
  }));
}
