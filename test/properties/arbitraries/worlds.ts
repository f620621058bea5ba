/**
 * The starting points of generated sequences: every scenario of a domain,
 * initialized and synced exactly as a replay starts (`prepareInitialState`),
 * with the value pools of its DBs. Loaded once per process.
 */
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import { loadCatalog } from "../../../src/engine/catalog.js";
import type { DispatchEnv, RunState } from "../../../src/engine/dispatch.js";
import type { Domain } from "../../../src/engine/domain.js";
import { prepareInitialState } from "../../../src/engine/gold.js";
import { createRng } from "../../../src/engine/rng.js";
import type { JsonObject } from "../../../src/json/types.js";
import { registry } from "../../../src/domains/index.js";
import type { Pools } from "./pools.js";
import { collectPools } from "./pools.js";

/** The seed `replayCalls` is given; live runs derive their RNG the same way so both draw alike. */
export const REPLAY_SEED = 7;

export interface World {
  readonly domain: Domain;
  readonly entry: CatalogEntry;
  readonly initial: RunState;
  readonly today: string;
  readonly pools: Pools;
}

const catalogs = new Map<Domain, readonly CatalogEntry[]>();

export function entriesOf(domain: Domain): readonly CatalogEntry[] {
  let entries = catalogs.get(domain);
  if (!entries) {
    entries = loadCatalog(registry, {}, [domain]).entries;
    if (entries.length === 0) throw new Error(`domain ${domain.name} has no scenarios to start from`);
    catalogs.set(domain, entries);
  }
  return entries;
}

/** A fresh environment, as `replayCalls(entry, calls, { seed: REPLAY_SEED })` builds it. */
export function liveEnv(world: World): DispatchEnv {
  return { today: world.today, rng: createRng(REPLAY_SEED).fork(`replay:${world.entry.scenario.name}`), names: "llm" };
}

const worlds = new WeakMap<Domain, Map<string, World>>();
// Scenarios of one domain often share one frozen DB; its pools are read once.
const poolCache = new WeakMap<JsonObject, Pools>();

function poolsOf(state: RunState): Pools {
  const dbs = [state.dbs.agent, state.dbs.user].filter((d): d is JsonObject => d !== undefined);
  if (dbs.length === 1) {
    const db = dbs[0] as JsonObject;
    let p = poolCache.get(db);
    if (!p) poolCache.set(db, (p = collectPools([db])));
    return p;
  }
  return collectPools(dbs);
}

/** The world of the scenario at `pick` ∈ [0, 1) of the domain's list. */
export function worldAt(domain: Domain, pick: number): World {
  const entries = entriesOf(domain);
  const entry = entries[Math.min(entries.length - 1, Math.floor(pick * entries.length))] as CatalogEntry;
  let ofDomain = worlds.get(domain);
  if (!ofDomain) worlds.set(domain, (ofDomain = new Map<string, World>()));
  let world = ofDomain.get(entry.scenario.name);
  if (!world) {
    const today = entry.scenario.today;
    const { state } = prepareInitialState(domain, entry.scenario, { today, rng: createRng(REPLAY_SEED).fork(`replay:${entry.scenario.name}`) });
    world = { domain, entry, initial: state, today, pools: poolsOf(state) };
    ofDomain.set(entry.scenario.name, world);
  }
  return world;
}
