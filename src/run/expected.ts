import type { CatalogEntry } from "../engine/catalog.js";
import type { ReplayEnv } from "../engine/gold.js";
import { goldReplay } from "../engine/gold.js";
import type { ActionRecord } from "../engine/types.js";
import type { JsonObject } from "../json/types.js";

/** What a run is scored against: the expected end DB and the reference answer. */
export interface Expected {
  readonly db: JsonObject | undefined;
  /** tau2: the gold replay's records (`{actions: [...]}`); eva ships none. */
  readonly referenceActions: readonly ActionRecord[] | undefined;
}

export function expectedFor(entry: CatalogEntry, env: ReplayEnv): Expected {
  const shipped = entry.scenario.shippedExpectedDb();
  if (shipped) return { db: shipped, referenceActions: undefined };
  const gold = goldReplay(entry.domain, entry.scenario, env);
  return { db: gold.state.dbs.agent, referenceActions: gold.actions };
}
