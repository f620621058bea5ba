import { join } from "node:path";
import { DataRootError, resolveDataRoot, type DataRootOptions } from "../loaders/data-root.js";
import type { Domain } from "./domain.js";

/** The folder that holds a domain's fixtures, under its data root. */
export function domainFolder(domain: Domain): string {
  return domain.fixtures?.folder ?? domain.name;
}

/** A domain's data root: its own when it declares one, else the shared root. */
export function domainRoot(domain: Domain, sharedRoot: string): string {
  return domain.fixtures?.dataRoot ?? sharedRoot;
}

export function domainDir(domain: Domain, sharedRoot: string): string {
  return join(domainRoot(domain, sharedRoot), domainFolder(domain));
}

/**
 * The data root a domain's scenarios are built from: its own; else the first
 * shared root that holds its folder; a domain that declares no fixtures
 * (its data lives in its module) takes the shared root if there is one and
 * otherwise the working directory.
 */
export function resolveDomainRoot(domain: Domain, opts: DataRootOptions): string {
  if (domain.fixtures?.dataRoot !== undefined) return domain.fixtures.dataRoot;
  if (domain.fixtures) return resolveDataRoot({ ...opts, mustContain: domainFolder(domain) });
  try {
    return resolveDataRoot(opts);
  } catch (e) {
    if (e instanceof DataRootError) return process.cwd();
    throw e;
  }
}
