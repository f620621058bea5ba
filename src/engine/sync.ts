import { produce } from "immer";
import type { JsonObject } from "../json/types.js";
import type { Domain, SideDeltas } from "./domain.js";
import type { RunState } from "./dispatch.js";

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
export function runSync(domain: Domain, state: RunState): SyncOutcome {
  const spec = domain.sync;
  const agent = state.dbs.agent;
  const user = state.dbs.user;
  if (!spec || !agent || !user) return { state, deltas: {}, errors: [] };
  if (Object.isFrozen(agent) && Object.isFrozen(user)) {
    const clean = syncOnFrozen(spec, agent, user);
    if (clean) return { state, deltas: clean, errors: [] };
  }
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
