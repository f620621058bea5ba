/**
 * The one replay loop: a list of tool calls run in order from a prepared
 * initial state through the engine's step (dispatch, then sync), inside one
 * set of workspaces. Gold replay and recorded replay are this loop with
 * different rules; they differ in nothing else.
 */
import type { CallObserver } from "../engine/call-observer.js";
import type { Domain } from "../engine/domain.js";
import type { DispatchStatus, RunState } from "../engine/dispatch.js";
import { ToolBugError } from "../engine/dispatch.js";
import type { PreparedState, ReplayEnv } from "../engine/initial-state.js";
import { openWorkspaces, sealWorkspaces } from "../engine/run-workspaces.js";
import type { SyncRule } from "../engine/step.js";
import { step } from "../engine/step.js";
import type { NameSpace } from "../engine/toolbox.js";
import { findTool } from "../engine/toolbox.js";
import type { Side, ToolResult } from "../engine/types.js";
import type { JsonValue } from "../json/types.js";
import type { RecordedCall } from "./formats/types.js";
import type { ResultComparison } from "./recorded-result.js";
import { compareRecordedResult } from "./recorded-result.js";

/** One replayed call: what was called and what the tool answered. */
export interface ReplayedCall {
  readonly name: string;
  readonly side: Side;
  readonly arguments: JsonValue;
  readonly argumentsFloat?: true;
  readonly result: ToolResult;
  readonly status: DispatchStatus;
  /** Against the result the recording says the call got, when it says. */
  readonly recorded?: ResultComparison;
}

/** How a replay treats its calls; gold replay and recorded replay each pass their own. */
export interface CallListRules {
  /** When the sides sync: gold after every call (the reference's `_gold_replay`), a recording after writes, as a live run does. */
  readonly sync: SyncRule;
  /** The tool names the calls may use ("llm" for calls a model made). */
  readonly names: NameSpace;
  /**
   * A call naming no tool of its side: gold skips it with a warning (a fixture
   * problem); a recording dispatches it, so it gets the unknown-tool answer a
   * live run gives, and lists it in `unmapped`.
   */
  readonly unknownTools: "skip" | "dispatch";
  /** Warn when a call crashed: a gold call that crashes is a fixture problem; a recorded one is part of what was recorded. */
  readonly warnCrashed: boolean;
  /** The error to throw for a tool's unexpected exception at call `index` (default: the tool's own `ToolBugError`). */
  readonly toolBug?: (index: number, call: RecordedCall, bug: ToolBugError) => Error;
  /** Told about each dispatched call before and after it runs (the policy rules watch through it); `index` is the position in `calls`. */
  readonly observer?: CallObserver;
}

export interface CallListReplay {
  /** The end state, its workspaces sealed. */
  readonly state: RunState;
  readonly calls: readonly ReplayedCall[];
  /** The preparation's warnings, then each call's, in call order. */
  readonly warnings: readonly string[];
  /** Called names that name no tool of their side, as `name (side)`, first occurrence first. */
  readonly unmapped: readonly string[];
}

export function replayCallList(domain: Domain, prepared: PreparedState, calls: readonly RecordedCall[], env: ReplayEnv, rules: CallListRules): CallListReplay {
  let state = prepared.state;
  const workspaces = openWorkspaces(state);
  const callEnv = { ...env, names: rules.names, workspaces };
  const warnings = [...prepared.warnings];
  const out: ReplayedCall[] = [];
  const unmapped = new Set<string>();
  for (const [index, call] of calls.entries()) {
    const side = call.side ?? "agent";
    if (!findTool(domain, side, call.name, rules.names)) {
      if (rules.unknownTools === "skip") {
        warnings.push(`gold: no ${side} tool named '${call.name}'; skipped`);
        continue;
      }
      unmapped.add(`${call.name} (${side})`);
    }
    const observed = rules.observer ? { index, side, call } : undefined;
    if (observed) rules.observer?.beforeCall(observed, state.dbs[side]);
    let outcome: ReturnType<typeof step>;
    try {
      outcome = step(domain, state, side, call, callEnv, rules.sync);
    } catch (e) {
      if (e instanceof ToolBugError && rules.toolBug) throw rules.toolBug(index, call, e);
      throw e;
    }
    const { call: res, sync: synced, state: next } = outcome;
    state = next;
    if (observed) rules.observer?.afterCall(observed, res.result, res.status);
    if (rules.warnCrashed && res.status === "crashed") warnings.push(`gold: ${call.name} raised: ${String(res.error)}`);
    warnings.push(...(synced?.errors ?? []).map((e) => `sync: ${e}`));
    const recorded = call.recorded ? { recorded: compareRecordedResult(call.recorded, res.result) } : {};
    const float = call.argumentsFloat === true ? { argumentsFloat: true as const } : {};
    out.push({ name: call.name, side, arguments: call.arguments, ...float, result: res.result, status: res.status, ...recorded });
  }
  return { state: sealWorkspaces(state, workspaces), calls: out, warnings, unmapped: [...unmapped] };
}
