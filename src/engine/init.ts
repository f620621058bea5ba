import type { JsonObject } from "../json/types.js";
import { applyInitializationActions, originsOf } from "./assertions.js";
import type { Domain, InitContext } from "./domain.js";
import type { InitRecord } from "./scenario.js";
import { Workspace } from "./workspace.js";

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
  const ws = new Workspace(db);
  const draft = ws.begin();
  let errors: readonly string[];
  try {
    const out = applyInitializationActions(domain.initFunctions ?? {}, records as unknown as Parameters<typeof applyInitializationActions>[1], draft, ctx, originsOf(domain).init);
    errors = out.errors;
  } catch (e) {
    ws.rollback();
    throw e;
  }
  ws.commit();
  return { db: ws.seal(), errors };
}
