/**
 * Re-execute recorded tool calls against a scenario's initial state, through
 * the same step as gold replay and live runs, with the live sync rule (after
 * writes).
 */
import { openWorkspaces, sealWorkspaces } from "../engine/run-workspaces.js";
import type { CatalogEntry } from "../engine/catalog.js";
import type { DispatchStatus, RunState } from "../engine/dispatch.js";
import { prepareInitialState } from "../engine/gold.js";
import { createRng } from "../engine/rng.js";
import { step } from "../engine/step.js";
import type { NameSpace } from "../engine/toolbox.js";
import { findTool } from "../engine/toolbox.js";
import type { ActionRecord, Side, ToolResult } from "../engine/types.js";
import type { JsonValue } from "../json/types.js";
import type { RecordedCall } from "./formats/types.js";
import { summaryHash } from "../hash/db/index.js";
import type { ResultComparison } from "./recorded-result.js";
import { compareRecordedResult } from "./recorded-result.js";

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

export interface ReplayResult {
  readonly calls: readonly ReplayedCall[];
  readonly db_hash: string | null;
  readonly user_db_hash: string | null;
  readonly actions: readonly ActionRecord[];
  readonly state: RunState;
  readonly warnings: readonly string[];
  /** Recorded tool names that name no tool of the scenario's domain (they replay as unknown tools). */
  readonly unmapped: readonly string[];
}

export function replayCalls(
  entry: CatalogEntry,
  calls: readonly RecordedCall[],
  opts: { today?: string | undefined; seed: number; names?: NameSpace },
): ReplayResult {
  const { scenario, domain } = entry;
  const today = scenario.todayFromClock && opts.today ? opts.today : scenario.today;
  const rng = createRng(opts.seed).fork(`replay:${scenario.name}`);
  const prepared = prepareInitialState(domain, scenario, { today });
  let state = prepared.state;
  const workspaces = openWorkspaces(state);
  const warnings = [...prepared.warnings];
  const out: ReplayedCall[] = [];
  const names = opts.names ?? "records";
  const unmapped = new Set<string>();
  for (const call of calls) {
    const side = call.side ?? "agent";
    if (!findTool(domain, side, call.name, names)) unmapped.add(`${call.name} (${side})`);
    const { call: res, sync: synced, state: next } = step(domain, state, side, call, { today, rng, names, workspaces }, "after-writes");
    state = next;
    warnings.push(...(synced?.errors ?? []).map((e) => `sync: ${e}`));
    const recorded = call.recorded ? { recorded: compareRecordedResult(call.recorded, res.result) } : {};
    const float = call.argumentsFloat === true ? { argumentsFloat: true as const } : {};
    out.push({ name: call.name, side, arguments: call.arguments, ...float, result: res.result, status: res.status, ...recorded });
  }
  state = sealWorkspaces(state, workspaces);
  return {
    calls: out,
    db_hash: summaryHash(state.dbs.agent),
    user_db_hash: summaryHash(state.dbs.user),
    actions: state.actions,
    state,
    warnings,
    unmapped: [...unmapped],
  };
}
