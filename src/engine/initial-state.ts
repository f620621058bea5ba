/**
 * The state a run starts from: the scenario's initial DBs, its
 * initialization actions per side, then the post-init sync. Live runs, gold
 * replay and recorded replay all start here.
 */
import type { Domain } from "./domain.js";
import type { RunState } from "./dispatch.js";
import { initialRunState } from "./dispatch.js";
import { applyInitialization } from "./init.js";
import type { Rng } from "./rng.js";
import type { Scenario } from "./scenario.js";
import { runSync } from "./sync.js";
import { SIDES } from "./types.js";

/** What a replay's calls run with: the scenario's date and the replay's own RNG fork. */
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
