/**
 * What a diagnosis takes for granted of a scenario: its gold calls, taken as
 * a trial's, complete to a pass from every point (the initial state, and
 * after each gold write) under the live sync rule the completions use. Where
 * it fails (a domain whose sync depends on reads, an end state that depends
 * on a completion's random draws), a diagnosis of that scenario cannot tell
 * its points apart. The bench checks every scenario; a domain author can too.
 */
import type { CatalogEntry } from "../engine/catalog.js";
import { prepareInitialState } from "../engine/initial-state.js";
import { createRng } from "../engine/rng.js";
import { scenarioToday } from "../engine/scenario.js";
import { goldReplay } from "../replay/gold.js";
import { completionPoints } from "./counterfactual.js";
import { endStateOf } from "./trial.js";

/** Whether a scenario's gold calls, taken as a trial's, complete to a pass from every point: what a diagnosis of that scenario takes for granted. */
export function premiseHolds(entry: CatalogEntry): boolean {
  const { scenario, domain } = entry;
  const today = scenarioToday(scenario, undefined);
  const rng = createRng(0).fork(`${scenario.name}#1`);
  const prepared = prepareInitialState(domain, scenario, { today });
  // The expected DB as a run scores against it: the shipped one (eva), else the gold replay's.
  const expected = scenario.shippedExpectedDb() ?? goldReplay(domain, scenario, { today, rng: rng.fork("gold") }, prepared).state.dbs.agent;
  const end = endStateOf(entry, expected);
  const gold = scenario.goldCalls();
  const points = completionPoints({ domain, prepared, gold, calls: gold, names: "records", env: { today, rng: rng.fork("tools") }, completionRng: (k) => rng.fork(`diagnosis:${k}`), end });
  return points.every((p) => p.passes);
}
