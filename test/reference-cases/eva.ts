/** eva_airline plumbing for the translations: the real domain, a scenario's fixture DB, one call at a time. */
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { dispatch, initialRunState, type RunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { scenarioDb } from "../domains/eva_airline/harness.js";
import type { Obj } from "./helpers.js";

export { scenarioDb };

/** `_load_fixture_state(eva_id)` and `_run(tool, arguments)`: the agent's calls against one DB, as the model makes them. */
export function evaState(evaId: string | null, edit: (db: Obj) => void = () => undefined) {
  const db = evaId === null ? undefined : scenarioDb(evaId);
  if (db) edit(db);
  const today = db && typeof db["_current_date"] === "string" ? db["_current_date"] : "2026-01-01";
  let state: RunState = initialRunState(db ? { agent: db } : {});
  const env = { today, rng: createRng(0) };
  return {
    run(name: string, args: JsonValue): Obj {
      const out = dispatch(evaAirline, state, "agent", { name, arguments: args }, env);
      state = out.state;
      return out.result as Obj;
    },
    get db(): Obj {
      return state.dbs.agent as Obj;
    },
    get actions(): Obj[] {
      return state.actions.map(({ side: _side, ...rest }) => rest);
    },
    get json(): JsonObject {
      return state.dbs.agent as JsonObject;
    },
  };
}

/** The reference's `AIRLINE_ACTION_TYPES` (its eva_airline action-type vocabulary), as its tests list it. */
export const AIRLINE_ACTION_TYPES = [
  "rebook_flight",
  "cancel_reservation",
  "process_refund",
  "issue_meal_voucher",
  "issue_hotel_voucher",
  "issue_travel_credit",
  "assign_seat",
  "add_baggage_allowance",
  "add_meal_request",
  "add_to_standby",
  "transfer_to_agent",
];
