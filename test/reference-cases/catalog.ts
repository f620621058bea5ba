/** The built-in catalog, loaded once per test file, and gold replay with the scenario's own "today". */
import { loadCatalog } from "../../src/engine/catalog.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { goldReplay, type GoldReplay } from "../../src/replay/gold.js";
import { createRng } from "../../src/engine/rng.js";
import { registry } from "../../src/domains/index.js";

let cached: ReadonlyMap<string, CatalogEntry> | undefined;

export function entries(): ReadonlyMap<string, CatalogEntry> {
  cached ??= loadCatalog(registry, {}).byName;
  return cached;
}

export function entry(name: string): CatalogEntry {
  const e = entries().get(name);
  if (!e) throw new Error(`test setup: no scenario ${name}`);
  return e;
}

export function gold(e: CatalogEntry): GoldReplay {
  return goldReplay(e.domain, e.scenario, { today: e.scenario.today, rng: createRng(0).fork(`gold:${e.scenario.name}`) });
}
