import { existsSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./data-root.js";
import { FixtureError, readJsonFile } from "./load-db.js";
import type { JsonObject } from "../json/types.js";

/** One documented difference between evalsim's result and upstream data. */
export interface KnownDivergence {
  readonly id: string;
  /** The scenario it concerns, when it concerns one. */
  readonly scenario?: string;
  /** What the entry excuses: a gold mismatch, a fixture finding, a replay gap... */
  readonly kind: string;
  readonly what: string;
  readonly evidence: string;
  readonly decision: string;
}

export const KNOWN_DIVERGENCES_FILE = join(PROJECT_ROOT, "data", "known-divergences.json");

let cache: readonly KnownDivergence[] | undefined;

/** The documented places where evalsim does not reproduce the reference (`data/known-divergences.json`). */
export function loadKnownDivergences(file = KNOWN_DIVERGENCES_FILE): readonly KnownDivergence[] {
  if (file === KNOWN_DIVERGENCES_FILE && cache) return cache;
  if (!existsSync(file)) return [];
  const raw = readJsonFile(file) as JsonObject;
  const list = raw["divergences"];
  if (!Array.isArray(list)) throw new FixtureError(file, "divergences", "expected an array of divergence entries");
  list.forEach((e, i) => {
    for (const key of ["id", "kind", "what", "evidence", "decision"]) {
      if (typeof (e as JsonObject)[key] !== "string") throw new FixtureError(file, `divergences[${i}].${key}`, "expected a string");
    }
  });
  const out = list as unknown as KnownDivergence[];
  if (file === KNOWN_DIVERGENCES_FILE) cache = out;
  return out;
}

/** The known divergence that covers a scenario's finding of a given kind, if one does. */
export function divergenceFor(scenario: string, kind: string, list = loadKnownDivergences()): KnownDivergence | undefined {
  return list.find((d) => d.scenario === scenario && d.kind === kind);
}
