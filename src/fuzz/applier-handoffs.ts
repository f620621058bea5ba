/**
 * The second half of the applier contract: in one sync step the applier is
 * handed only the deltas that step's `sync` just returned, each once, and
 * nothing from an earlier step. (The first half, idempotence, is checked in
 * step.ts.) The fuzz run watches the applier through a copy of the domain.
 */
import type { JsonObject } from "../json/types.js";
import type { Domain, SideDeltas } from "../engine/domain.js";
import { SIDES } from "../engine/types.js";

/** What the applier was handed since the watch began (one sync step), in order. */
export interface Handoffs {
  readonly handed: JsonObject[];
}

/** `domain` with its applier watched; the same domain when it has no sync. */
export function watchApplier(domain: Domain): { readonly domain: Domain; readonly handoffs: Handoffs } {
  const handed: JsonObject[] = [];
  const handoffs: Handoffs = { handed };
  const spec = domain.sync;
  if (!spec) return { domain, handoffs };
  const applyDelta = (db: JsonObject, delta: JsonObject): string[] => {
    handed.push(delta);
    return spec.applyDelta(db, delta);
  };
  return { domain: { ...domain, sync: { ...spec, applyDelta } }, handoffs };
}

/**
 * The problems with one step's hand-offs: a delta handed that this step's
 * `sync` did not return (one seen before), or one handed twice, or one of
 * its deltas not handed at all.
 */
export function handoffProblems(handed: readonly JsonObject[], deltas: SideDeltas): string[] {
  const fresh = SIDES.flatMap((side) => {
    const d = deltas[side];
    return d && Object.keys(d).length > 0 ? [{ side, delta: d }] : [];
  });
  const problems: string[] = [];
  const seen = new Set<JsonObject>();
  for (const delta of handed) {
    if (seen.has(delta)) problems.push("a delta was handed to the applier twice in one sync step");
    else if (!fresh.some((f) => f.delta === delta)) problems.push("the applier was handed a delta this sync step did not produce");
    seen.add(delta);
  }
  for (const f of fresh) if (!seen.has(f.delta)) problems.push(`the ${f.side} delta of this sync step was never handed to the applier`);
  return problems;
}
