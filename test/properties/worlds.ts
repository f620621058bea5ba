/**
 * The built-in domains' worlds, loaded once per test process from the data
 * root the environment chooses.
 */
import { registry } from "../../src/domains/index.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import type { Domain } from "../../src/engine/domain.js";
import type { World, Worlds } from "../../src/fuzz/worlds.js";
import { createWorlds } from "../../src/fuzz/worlds.js";

const cache = new Map<Domain, Worlds>();

export function worldsOf(domain: Domain): Worlds {
  let worlds = cache.get(domain);
  if (!worlds) cache.set(domain, (worlds = createWorlds(domain, loadCatalog(registry, {}, [domain]).entries)));
  return worlds;
}

export const entriesOf = (domain: Domain): readonly CatalogEntry[] => worldsOf(domain).entries;

/** The world of the scenario at `pick` ∈ [0, 1) of the domain's list. */
export const worldAt = (domain: Domain, pick: number): World => worldsOf(domain).at(pick);
