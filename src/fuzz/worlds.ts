/**
 * The starting points of generated sequences: every scenario of a domain,
 * initialized and synced exactly as a replay starts (`prepareInitialState`),
 * with the value pools of its DBs. Each world is built on first use.
 */
import type { CatalogEntry } from "../engine/catalog.js";
import type { DispatchEnv, RunState } from "../engine/dispatch.js";
import type { Domain } from "../engine/domain.js";
import { prepareInitialState } from "../engine/initial-state.js";
import { createRng } from "../engine/rng.js";
import type { JsonObject } from "../json/types.js";
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

/** The worlds of one domain: one per scenario, picked by a number in [0, 1). */
export interface Worlds {
  readonly domain: Domain;
  readonly entries: readonly CatalogEntry[];
  at(pick: number): World;
}

export class NoScenariosError extends Error {
  constructor(domain: string) {
    super(`domain ${domain} has no scenarios to start from`);
    this.name = "NoScenariosError";
  }
}

/** A fresh environment, as `replayCalls(entry, calls, { seed: REPLAY_SEED })` builds it. */
export function liveEnv(world: World): DispatchEnv {
  return { today: world.today, rng: createRng(REPLAY_SEED).fork(`replay:${world.entry.scenario.name}`), names: "llm" };
}

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

/** The worlds of `domain`'s scenarios among `entries` (others are ignored). */
export function createWorlds(domain: Domain, entries: readonly CatalogEntry[]): Worlds {
  const own = entries.filter((e) => e.domain === domain);
  if (own.length === 0) throw new NoScenariosError(domain.name);
  const built = new Map<string, World>();
  return {
    domain,
    entries: own,
    at(pick) {
      const entry = own[Math.min(own.length - 1, Math.floor(pick * own.length))] as CatalogEntry;
      let world = built.get(entry.scenario.name);
      if (!world) {
        const today = entry.scenario.today;
        const { state } = prepareInitialState(domain, entry.scenario, { today });
        world = { domain, entry, initial: state, today, pools: poolsOf(state) };
        built.set(entry.scenario.name, world);
      }
      return world;
    },
  };
}
