/**
 * Builds a tau2 scenario from one task-index entry. Everything derives from
 * the task: gold calls from `evaluation_criteria.actions` (side from
 * `requestor`), init records and assertions translated `env_type` → `side`.
 */
import type { DbStateAssertion, InitRecord, Scenario, SuccessSignal } from "../../engine/scenario.js";
import { checkedScenario } from "../../engine/scenario.js";
import type { Side, ToolCall } from "../../engine/types.js";
import { FixtureError } from "../../loaders/load-db.js";
import type { JsonObject } from "../../json/types.js";
import type { Tau2Task } from "./data.js";
import { userInstructions } from "./data.js";
import type { Tau2IndexEntry } from "./task-index.js";

/** Upstream tau2 fixes "today" at this date; telecom reads the clock instead, see `--today`. */
export const TAU2_DEFAULT_TODAY = "2025-02-25";

/** `_normalize_env_record`: `env_type` → `side`, `assistant` → `agent`; any other side is a load error. */
export function envSide(envType: string | undefined, file: string, path: string): Side {
  if (envType === "assistant" || envType === "agent") return "agent";
  if (envType === "user") return "user";
  throw new FixtureError(file, path, `expected env_type "user" or "assistant", found ${JSON.stringify(envType ?? null)}`);
}

export interface Tau2ScenarioSpec {
  readonly entry: Tau2IndexEntry;
  readonly bucket: string;
  readonly domain: string;
  readonly name: string;
  readonly tasksFile: string;
  readonly successSignals: readonly SuccessSignal[];
  readonly initialDbs: () => Partial<Record<Side, JsonObject>>;
  readonly agentPrompt: () => string;
  readonly userPrompt: () => string;
  readonly labels?: Readonly<Record<string, string>>;
}

export function initRecords(task: Tau2Task, file: string): InitRecord[] {
  const list = task.initial_state?.initialization_actions ?? [];
  return list.map((r, i) => ({
    side: envSide(r.env_type, file, `[id=${task.id}].initial_state.initialization_actions[${i}].env_type`),
    func_name: r.func_name,
    arguments: (r.arguments ?? {}) as JsonObject,
  }));
}

export function assertionRecords(task: Tau2Task, file: string): DbStateAssertion[] {
  const list = task.evaluation_criteria?.env_assertions ?? [];
  return list.map((r, i) => ({
    side: envSide(r.env_type, file, `[id=${task.id}].evaluation_criteria.env_assertions[${i}].env_type`),
    func_name: r.func_name,
    arguments: (r.arguments ?? {}) as JsonObject,
    // The reference reads a missing assert_value as None, which no predicate result equals.
    assert_value: r.assert_value ?? null,
    message: r.message ?? null,
  }));
}

export function goldCallsOf(task: Tau2Task): ToolCall[] {
  return (task.evaluation_criteria?.actions ?? []).map((a) => ({
    name: a.name,
    arguments: (a.arguments ?? {}) as JsonObject,
    side: a.requestor === "user" ? "user" : "agent",
  }));
}

export function buildTau2Scenario(spec: Tau2ScenarioSpec): Scenario {
  const task = spec.entry.task;
  const ins = userInstructions(task);
  const nl = task.evaluation_criteria?.nl_assertions ?? [];
  const init = initRecords(task, spec.tasksFile);
  const assertions = assertionRecords(task, spec.tasksFile);
  const gold = goldCallsOf(task);
  return checkedScenario({
    name: spec.name,
    bucket: spec.bucket,
    domain: spec.domain,
    upstreamId: task.id,
    description: ins.reason_for_call,
    successSignals: spec.successSignals,
    today: TAU2_DEFAULT_TODAY,
    todayFromClock: true,
    initialDbs: spec.initialDbs,
    initializationActions: init,
    dbStateAssertions: assertions,
    nlAssertions: nl,
    goldCalls: () => gold,
    shippedExpectedDb: () => undefined,
    agentPrompt: spec.agentPrompt,
    userPrompt: spec.userPrompt,
    user: {
      opening: ins.reason_for_call,
      goal: ins.reason_for_call,
      knownInfo: ins.known_info ?? "",
      unknownInfo: ins.unknown_info ?? "",
      instructions: ins.task_instructions ?? "",
    },
    voice: spec.entry.voice,
    labels: { ...(spec.entry.personaName ? { persona: spec.entry.personaName } : {}), ...(spec.labels ?? {}) },
  });
}
