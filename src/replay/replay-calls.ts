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
import type { ActionRecord, Side, ToolCall, ToolResult } from "../engine/types.js";
import type { JsonValue } from "../json/types.js";
import { summaryHash } from "./hash/index.js";

export interface ReplayedCall {
  readonly name: string;
  readonly side: Side;
  readonly arguments: JsonValue;
  readonly result: ToolResult;
  readonly status: DispatchStatus;
}

export interface ReplayResult {
  readonly calls: readonly ReplayedCall[];
  readonly db_hash: string | null;
  readonly user_db_hash: string | null;
  readonly actions: readonly ActionRecord[];
  readonly state: RunState;
  readonly warnings: readonly string[];
}

export function replayCalls(
  entry: CatalogEntry,
  calls: readonly ToolCall[],
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
  for (const call of calls) {
    const side = call.side ?? "agent";
    const { call: res, sync: synced, state: next } = step(domain, state, side, call, { today, rng, names: opts.names ?? "records", workspaces }, "after-writes");
    state = next;
    warnings.push(...(synced?.errors ?? []).map((e) => `sync: ${e}`));
    out.push({ name: call.name, side, arguments: call.arguments, result: res.result, status: res.status });
  }
  state = sealWorkspaces(state, workspaces);
  return {
    calls: out,
    db_hash: summaryHash(state.dbs.agent),
    user_db_hash: summaryHash(state.dbs.user),
    actions: state.actions,
    state,
    warnings,
  };
}
