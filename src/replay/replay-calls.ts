/**
 * Re-execute recorded tool calls against a scenario's initial state, through
 * the one replay loop that gold replay also runs, with the live sync rule
 * (after writes).
 */
import type { CatalogEntry } from "../engine/catalog.js";
import type { RunState } from "../engine/dispatch.js";
import { prepareInitialState } from "../engine/initial-state.js";
import { createRng } from "../engine/rng.js";
import { scenarioToday } from "../engine/scenario.js";
import type { NameSpace } from "../engine/toolbox.js";
import type { ActionRecord } from "../engine/types.js";
import type { ReplayedCall } from "./call-list.js";
import { replayCallList } from "./call-list.js";
import type { RecordedCall } from "./formats/types.js";
import { summaryHash } from "../hash/db/index.js";

export type { ReplayedCall } from "./call-list.js";

/** The replayed calls with their results and comparisons, the end DBs' hashes and the actions recorded. */
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

/** Re-execute recorded tool calls on a scenario's initial state, comparing each result with the recorded one where the recording has it: what `evalsim replay` does. */
export function replayCalls(
  entry: CatalogEntry,
  calls: readonly RecordedCall[],
  opts: { today?: string | undefined; seed: number; names?: NameSpace },
): ReplayResult {
  const { scenario, domain } = entry;
  const today = scenarioToday(scenario, opts.today);
  const rng = createRng(opts.seed).fork(`replay:${scenario.name}`);
  const prepared = prepareInitialState(domain, scenario, { today });
  const replay = replayCallList(domain, prepared, calls, { today, rng }, { sync: "after-writes", names: opts.names ?? "records", unknownTools: "dispatch", warnCrashed: false });
  const { state } = replay;
  return {
    calls: replay.calls,
    db_hash: summaryHash(state.dbs.agent),
    user_db_hash: summaryHash(state.dbs.user),
    actions: state.actions,
    state,
    warnings: replay.warnings,
    unmapped: replay.unmapped,
  };
}
