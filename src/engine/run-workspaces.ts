/**
 * Workspaces for one run (a gold replay, a conversation, a recorded replay):
 * one per side's DB, opened on the run's start state and sealed at its end,
 * so each wide table a run writes is copied once, not once per call.
 */
import type { RunState } from "./dispatch.js";
import type { Side } from "./types.js";
import { SIDES } from "./types.js";
import { Workspace } from "./workspace.js";

export type RunWorkspaces = Readonly<Partial<Record<Side, Workspace>>>;

export function openWorkspaces(state: RunState): RunWorkspaces {
  const out: Partial<Record<Side, Workspace>> = {};
  for (const side of SIDES) {
    const db = state.dbs[side];
    if (db) out[side] = new Workspace(db);
  }
  return out;
}

/** `state` with every workspace's root sealed (deep-frozen): a value that no later call changes. */
export function sealWorkspaces(state: RunState, workspaces: RunWorkspaces): RunState {
  const dbs = { ...state.dbs };
  for (const side of SIDES) {
    const ws = workspaces[side];
    if (ws && dbs[side] === ws.root) dbs[side] = ws.seal();
  }
  return { ...state, dbs };
}
