import { produce } from "immer";
import type { JsonObject } from "../json/types.js";
import { applyInitializationActions, originsOf } from "./assertions.js";
import type { Domain, InitContext } from "./domain.js";
import type { InitRecord } from "./scenario.js";

export interface InitOutcome {
  readonly db: JsonObject;
  readonly errors: readonly string[];
}

/**
 * `apply_initialization_actions` on an immutable DB: every record runs, in
 * order, on one draft; failures are reported as `[action i] …` and nothing is
 * rolled back, exactly as the reference does.
 */
export function applyInitialization(domain: Domain, db: JsonObject, records: readonly InitRecord[], ctx: InitContext): InitOutcome {
  let errors: string[] = [];
  const next = produce(db, (draft) => {
    const out = applyInitializationActions(domain.initFunctions ?? {}, records as unknown as Parameters<typeof applyInitializationActions>[1], draft, ctx, originsOf(domain).init);
    errors = out.errors;
  });
  return { db: next, errors };
}
