import { tau2ArgumentError, tau2DbNotInitialized } from "../../../src/domains/tau2_common/argument-error.js";
import { tau2RetailAgentTools } from "../../../src/domains/tau2_retail/tools/index.js";
import type { DispatchOutcome, RunState } from "../../../src/engine/dispatch.js";
import { dispatch, initialRunState } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { toolDomain } from "../../helpers/tool-domain.js";
import { miniDb } from "./mini-db.js";

export const retailDomain = toolDomain({
  name: "tau2_retail",
  agent: tau2RetailAgentTools,
  unknownArgs: "reject",
  argumentError: tau2ArgumentError,
  dbNotInitialized: () => tau2DbNotInitialized(),
});

const ENV = { today: "2024-05-15", rng: createRng(0) };

/** A conversation's worth of agent-side calls against one DB. */
export function session(db: JsonObject = miniDb()) {
  let state: RunState = initialRunState({ agent: db });
  return {
    call(name: string, args: JsonValue): DispatchOutcome {
      const out = dispatch(retailDomain, state, "agent", { name, arguments: args }, ENV);
      state = out.state;
      return out;
    },
    get db(): JsonObject {
      return state.dbs.agent as JsonObject;
    },
    get actions() {
      return state.actions;
    },
  };
}

/** `db[k1][k2]...` for asserting on one corner of the DB. */
export function at(db: JsonValue, ...path: string[]): JsonValue {
  let cur: JsonValue = db;
  for (const key of path) cur = (cur as JsonObject)[key] as JsonValue;
  return cur;
}
