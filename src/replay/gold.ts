/**
 * Gold replay (`_gold_replay`): initialization, sync, then every gold call in
 * order through the one replay loop, syncing after each call. The end state
 * is the expected DB; the records are the reference answer.
 */
import type { RunState, ToolBugError } from "../engine/dispatch.js";
import type { CallObserver } from "../engine/call-observer.js";
import type { Domain } from "../engine/domain.js";
import type { PreparedState, ReplayEnv } from "../engine/initial-state.js";
import { prepareInitialState } from "../engine/initial-state.js";
import type { Scenario } from "../engine/scenario.js";
import type { ActionRecord } from "../engine/types.js";
import type { ReplayedCall } from "./call-list.js";
import { replayCallList } from "./call-list.js";

/** A scenario's gold calls replayed: the state after initialization and at the end, each call's step, the actions recorded and any warnings. */
export interface GoldReplay {
  readonly postInit: RunState;
  readonly state: RunState;
  readonly steps: readonly ReplayedCall[];
  readonly actions: readonly ActionRecord[];
  readonly warnings: readonly string[];
}

/** A gold call whose tool raised an exception no reference behaviour accounts for: names the scenario and the call. */
export class GoldCallError extends Error {
  constructor(
    readonly scenario: string,
    readonly index: number,
    readonly tool: string,
    cause: ToolBugError,
  ) {
    super(`scenario '${scenario}': goldCalls[${index}] ${cause.message}; fix the tool's handler (a refusal returns {status: "error", message})`, { cause });
    this.name = "GoldCallError";
    if (cause.stack) this.stack = `${this.name}: ${this.message}\n${cause.stack}`;
  }
}

/**
 * `prepared`: the scenario's `prepareInitialState` for the same `today`, when the caller has it already;
 * `observer`: told about each gold call before and after it runs (the policy audit watches through it).
 */
export function goldReplay(
  domain: Domain,
  scenario: Scenario,
  env: ReplayEnv,
  prepared: PreparedState = prepareInitialState(domain, scenario, env),
  observer?: CallObserver,
): GoldReplay {
  const replay = replayCallList(domain, prepared, scenario.goldCalls(), env, {
    sync: "every-call",
    names: "records",
    unknownTools: "skip",
    warnCrashed: true,
    toolBug: (index, call, bug) => new GoldCallError(scenario.name, index, call.name, bug),
    ...(observer ? { observer } : {}),
  });
  return { postInit: prepared.state, state: replay.state, steps: replay.calls, actions: replay.state.actions, warnings: replay.warnings };
}
