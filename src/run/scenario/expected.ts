import type { CatalogEntry } from "../../engine/catalog.js";
import type { PreparedState, ReplayEnv } from "../../engine/initial-state.js";
import { goldReplay } from "../../replay/gold.js";
import type { ActionRecord } from "../../engine/types.js";
import type { JsonObject } from "../../json/types.js";

/** What a run is scored against: the expected end DB and the reference answer. */
export interface Expected {
  readonly db: JsonObject | undefined;
  /** tau2: the gold replay's records (`{actions: [...]}`); eva ships none. */
  readonly referenceActions: readonly ActionRecord[] | undefined;
}

/** `prepared`: the live run's initial state (the same for its `today`), so the replay does not prepare it again. */
export function expectedFor(entry: CatalogEntry, env: ReplayEnv, prepared?: PreparedState): Expected {
  const shipped = entry.scenario.shippedExpectedDb();
  if (shipped) return { db: shipped, referenceActions: undefined };
  const gold = goldReplay(entry.domain, entry.scenario, env, prepared);
  return { db: gold.state.dbs.agent, referenceActions: gold.actions };
}
