import { join } from "node:path";
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
