/**
 * The field paths where the two sides' DBs differ after a call: the
 * reference's DBs (from its driver) beside evalsim's state after the same calls.
 */
import type { RunState } from "../engine/dispatch.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject } from "../json/types.js";
import { differingPaths, fieldOf, valueAt } from "./field-paths.js";

export interface StateFields {
  /** Concrete paths per side (for the example). */
  readonly paths: Readonly<Record<string, readonly string[]>>;
  /** The paths with record ids generalised, per side, joined (for the group key). */
  readonly key: string;
  /** Both sides' values at the first few differing paths (`side:path`). */
  readonly values: Readonly<Record<string, { readonly reference: unknown; readonly evalsim: unknown }>>;
}

export function stateFields(reference: Partial<Record<string, JsonObject | null>> | undefined, ours: RunState, sides: readonly string[]): StateFields {
  const paths: Record<string, string[]> = {};
  const values: Record<string, { reference: unknown; evalsim: unknown }> = {};
  for (const side of sides) {
    // Python's json round trip writes an integral float as 1.0 and JS reads 1: only real value differences remain.
    const theirs = reference?.[side] ?? null;
    const mine = JSON.parse(toJsonText(ours.dbs[side as "agent" | "user"] ?? null)) as unknown;
    paths[side] = differingPaths(theirs, mine);
    for (const p of paths[side].slice(0, 3)) values[`${side}:${p}`] = { reference: valueAt(theirs, p) ?? null, evalsim: valueAt(mine, p) ?? null };
  }
  const key = sides.map((s) => `${s} ${[...new Set((paths[s] ?? []).map(fieldOf))].slice(0, 4).join(", ") || "(no field: hashes differ only)"}`).join("; ");
  return { paths, key, values };
}
