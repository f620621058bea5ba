import { produce } from "immer";
import type { JsonObject } from "../json/types.js";
import type { Domain, InitContext } from "./domain.js";
import type { InitRecord } from "./scenario.js";

export interface InitOutcome {
  readonly db: JsonObject;
  readonly errors: readonly string[];
}

function pyRepr(s: string): string {
  return `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/**
 * `apply_initialization_actions`: run every record against the same DB, in
 * order. A failure is reported as `[action i] …` and nothing is rolled back,
 * exactly as the reference does.
 */
export function applyInitialization(domain: Domain, db: JsonObject, records: readonly InitRecord[], ctx: InitContext): InitOutcome {
  const fns = domain.initFunctions ?? {};
  const errors: string[] = [];
  const next = produce(db, (draft) => {
    records.forEach((rec, idx) => {
      const fn = fns[rec.func_name];
      if (!fn) {
        const available = Object.keys(fns).sort().map(pyRepr).join(", ");
        errors.push(
          `[action ${idx}] No initialization function ${pyRepr(rec.func_name)} registered under domain=${pyRepr(domain.name)}. Available: [${available}].`,
        );
        return;
      }
      try {
        fn(draft, rec.arguments, ctx);
      } catch (e) {
        const err = e as Error;
        errors.push(`[action ${idx}] ${pyRepr(rec.func_name)} raised: ${err.name}: ${err.message}`);
      }
    });
  });
  return { db: next, errors };
}
