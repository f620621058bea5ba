import type { Catalog, Selection } from "../engine/catalog.js";
import { domainsFor, loadCatalog } from "../engine/catalog.js";
import type { Registry } from "../engine/registry.js";
import type { CliIo } from "./io.js";

/** Load only the domains a selection needs, from the data root the flags and env choose. */
export function catalogFor(registry: Registry, io: CliIo, dataRoot: string | undefined, sel: Selection): Catalog {
  return loadCatalog(registry, { flag: dataRoot, env: io.env }, domainsFor(registry, sel));
}
