/**
 * Gold replay (`_gold_replay`): initialization, sync, then every gold call in
 * order through the one step (dispatch, sync), syncing after each call. The end state is
 * the expected DB; the records are the reference answer.
 */
import type { JsonValue } from "../json/types.js";
import type { Domain } from "./domain.js";
import type { DispatchStatus, RunState } from "./dispatch.js";
import { initialRunState, ToolBugError } from "./dispatch.js";
import { applyInitialization } from "./init.js";
import type { Rng } from "./rng.js";
import { openWorkspaces, sealWorkspaces } from "./run-workspaces.js";
import type { Scenario } from "./scenario.js";
import { step } from "./step.js";
import { runSync } from "./sync.js";
import { findTool } from "./toolbox.js";
import type { ActionRecord, Side, ToolResult } from "./types.js";
import { SIDES } from "./types.js";

export interface GoldStep {
  readonly name: string;
  readonly side: Side;
  readonly arguments: JsonValue;
  readonly result: ToolResult;
  readonly status: DispatchStatus;
}

export interface GoldReplay {
  readonly postInit: RunState;
  readonly state: RunState;
  readonly steps: readonly GoldStep[];
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

export interface ReplayEnv {
  readonly today: string;
  readonly rng: Rng;
}

/** What `prepareInitialState` gives. */
export interface PreparedState {
  readonly state: RunState;
  readonly warnings: readonly string[];
}

/**
 * Initialization and the post-init sync: the state a conversation starts
 * from. A function of the domain, the scenario and `today` alone (no
 * randomness), and never changed afterwards: a live run and its gold replay
 * may start from the same one.
 */
export function prepareInitialState(domain: Domain, scenario: Scenario, env: Pick<ReplayEnv, "today">): PreparedState {
  const warnings: string[] = [];
  let state = initialRunState({ ...scenario.initialDbs() });
  for (const side of SIDES) {
    const subset = scenario.initializationActions.filter((a) => a.side === side);
    const db = state.dbs[side];
    if (subset.length === 0 || !db) continue;
    const out = applyInitialization(domain, db, subset, { today: env.today });
    state = { ...state, dbs: { ...state.dbs, [side]: out.db } };
    warnings.push(...out.errors.map((e) => `init (${side}): ${e}`));
  }
  const synced = runSync(domain, state);
  warnings.push(...synced.errors.map((e) => `sync: ${e}`));
  return { state: synced.state, warnings };
}

/** `prepared`: the scenario's `prepareInitialState` for the same `today`, when the caller has it already. */
export function goldReplay(domain: Domain, scenario: Scenario, env: ReplayEnv, prepared: PreparedState = prepareInitialState(domain, scenario, env)): GoldReplay {
  const warnings = [...prepared.warnings];
  let state = prepared.state;
  const workspaces = openWorkspaces(state);
  const callEnv = { ...env, workspaces };
  const steps: GoldStep[] = [];
  for (const [index, call] of scenario.goldCalls().entries()) {
    const side = call.side ?? "agent";
    if (!findTool(domain, side, call.name)) {
      warnings.push(`gold: no ${side} tool named '${call.name}'; skipped`);
      continue;
    }
    let outcome: ReturnType<typeof step>;
    try {
      outcome = step(domain, state, side, call, callEnv, "every-call");
    } catch (e) {
      if (e instanceof ToolBugError) throw new GoldCallError(scenario.name, index, call.name, e);
      throw e;
    }
    const { call: out, sync: synced, state: next } = outcome;
    if (out.status === "crashed") warnings.push(`gold: ${call.name} raised: ${String(out.error)}`);
    steps.push({ name: call.name, side, arguments: call.arguments, result: out.result, status: out.status });
    warnings.push(...(synced?.errors ?? []).map((e) => `sync: ${e}`));
    state = next;
  }
  state = sealWorkspaces(state, workspaces);
  return { postInit: prepared.state, state, steps, actions: state.actions, warnings };
}
