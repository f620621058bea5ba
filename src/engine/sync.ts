import { produce } from "immer";
import type { JsonObject } from "../json/types.js";
import type { Domain, SideDeltas } from "./domain.js";
import type { RunState } from "./dispatch.js";
import { snapshot } from "./snapshot.js";
import type { Side } from "./types.js";
import type { Workspace } from "./workspace.js";

export interface SyncOutcome {
  readonly state: RunState;
  /** The deltas sync produced (each already applied to its side). */
  readonly deltas: SideDeltas;
  /** Keys the applier could not apply; the reference logs these and goes on. */
  readonly errors: readonly string[];
}

const isEmpty = (o: JsonObject | undefined): boolean => o === undefined || Object.keys(o).length === 0;

/**
 * One sync step: the domain's sync brings both DBs into agreement (mutating
 * both), then each non-empty delta is re-applied to its side through the
 * applier, which is where derived state (the telecom network search) is
 * recomputed. A domain without sync, or a run without both DBs, is a no-op.
 */
export function runSync(domain: Domain, state: RunState, workspaces?: Readonly<Partial<Record<Side, Workspace>>>): SyncOutcome {
  const spec = domain.sync;
  const agent = state.dbs.agent;
  const user = state.dbs.user;
  if (!spec || !agent || !user) return { state, deltas: {}, errors: [] };
  const wsAgent = workspaces?.agent;
  const wsUser = workspaces?.user;
  const inWorkspaces = wsAgent !== undefined && wsUser !== undefined && wsAgent.root === agent && wsUser.root === user;
  // Sync reads both DBs through and through; frozen, they are read without
  // drafts. Sealing costs only what the last call changed (the DBs that
  // sync are small), so it pays here.
  if (inWorkspaces) {
    wsAgent.seal();
    wsUser.seal();
  }
  if (Object.isFrozen(agent) && Object.isFrozen(user)) {
    const clean = syncOnFrozen(spec, agent, user);
    if (clean) return { state, deltas: clean, errors: [] };
  }
  if (inWorkspaces) return syncInWorkspaces(spec, state, wsAgent, wsUser);
  let deltas: SideDeltas = {};
  const errors: string[] = [];
  const next = produce({ agent, user }, (draft) => {
    deltas = spec.sync(draft.agent, draft.user);
    if (!isEmpty(deltas.agent)) errors.push(...spec.applyDelta(draft.agent, deltas.agent as JsonObject));
    if (!isEmpty(deltas.user)) errors.push(...spec.applyDelta(draft.user, deltas.user as JsonObject));
  });
  if (next.agent === agent && next.user === user) return { state, deltas, errors };
  return { state: { ...state, dbs: { ...state.dbs, agent: next.agent, user: next.user } }, deltas, errors };
}

/**
 * Most sync steps find the two DBs already in agreement. Run on the frozen
 * DBs themselves, such a step costs no drafts; one that would change anything
 * throws at its first write (frozen objects refuse it) or returns deltas to
 * apply, and is then run again on drafts. The outcome is the same either way.
 */
function syncOnFrozen(spec: NonNullable<Domain["sync"]>, agent: JsonObject, user: JsonObject): SideDeltas | undefined {
  try {
    const deltas = spec.sync(agent, user);
    return isEmpty(deltas.agent) && isEmpty(deltas.user) ? deltas : undefined;
  } catch {
    return undefined;
  }
}

/** The same step as one transaction on each side's workspace; an exception undoes both. */
function syncInWorkspaces(spec: NonNullable<Domain["sync"]>, state: RunState, wsAgent: Workspace, wsUser: Workspace): SyncOutcome {
  const agent = wsAgent.begin();
  const user = wsUser.begin();
  const errors: string[] = [];
  let deltas: SideDeltas;
  try {
    deltas = spec.sync(agent, user);
    if (!isEmpty(deltas.agent)) errors.push(...spec.applyDelta(agent, deltas.agent as JsonObject));
    if (!isEmpty(deltas.user)) errors.push(...spec.applyDelta(user, deltas.user as JsonObject));
    // Deltas go into the transcript: no draft may outlive the transaction.
    deltas = { ...(deltas.agent ? { agent: snapshot(deltas.agent) } : {}), ...(deltas.user ? { user: snapshot(deltas.user) } : {}) };
  } catch (e) {
    wsAgent.rollback();
    wsUser.rollback();
    throw e;
  }
  wsAgent.commit();
  wsUser.commit();
  const same = wsAgent.root === state.dbs.agent && wsUser.root === state.dbs.user;
  return { state: same ? state : { ...state, dbs: { ...state.dbs, agent: wsAgent.root, user: wsUser.root } }, deltas, errors };
}
