import type { Catalog, Selection } from "../engine/catalog.js";
import { domainList, domainsFor, loadCatalog } from "../engine/catalog.js";
import type { Registry } from "../engine/registry.js";
import { DataRootError } from "../loaders/data-root.js";
import type { CliIo } from "./io.js";

/**
 * Load only the domains a selection needs, from the data root the flags and
 * env choose. When a built-in domain's fixtures are missing beside plugin
 * domains, the line says how to work with the plugins alone.
 */
export function catalogFor(registry: Registry, io: CliIo, dataRoot: string | undefined, sel: Selection): Catalog {
  const named = domainList(sel.domain).length > 0 || (sel.scenarios?.length ?? 0) > 0;
  const domains = domainsFor(registry, sel);
  try {
    return loadCatalog(registry, { flag: dataRoot, env: io.env }, domains, { named });
  } catch (e) {
    const plugins = registry.loadPolicy ? registry.domains.filter((d) => registry.loadPolicy?.checked(d)) : [];
    const builtin = domains.some((d) => !plugins.includes(d));
    if (e instanceof DataRootError && plugins.length > 0 && builtin) {
      throw new DataRootError(`${e.message}; to work with the plugin domains (${plugins.map((d) => d.name).join(", ")}) alone, add --no-builtin`, e.tried);
    }
    throw e;
  }
}
