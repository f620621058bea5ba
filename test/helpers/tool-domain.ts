import type { DispatchEnv, DispatchOutcome, RunState } from "../../src/engine/dispatch.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import type { ArgumentErrorFormatter, Domain } from "../../src/engine/domain.js";
import type { AnyToolDef, ToolResult } from "../../src/engine/types.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { dbHash } from "../../src/hash/db/index.js";

/** A Domain with just tools, for dispatching in unit tests. */
export function toolDomain(spec: {
  name: string;
  agent: readonly AnyToolDef[];
  user?: readonly AnyToolDef[];
  unknownArgs: "drop" | "reject";
  argumentError: ArgumentErrorFormatter;
  dbNotInitialized: (tool: AnyToolDef) => ToolResult;
}): Domain {
  return {
    name: spec.name,
    tools: spec.user ? { agent: spec.agent, user: spec.user } : { agent: spec.agent },
    unknownArgs: spec.unknownArgs,
    argumentError: spec.argumentError,
    dbNotInitialized: spec.dbNotInitialized,
    scenarios: () => [],
  };
}

/** A conversation's worth of agent-side calls against one DB, through the one dispatch path. */
export function agentSession(domain: Domain, db: JsonObject, env: DispatchEnv) {
  let state: RunState = initialRunState({ agent: db });
  return {
    call(name: string, args: JsonValue): DispatchOutcome {
      const out = dispatch(domain, state, "agent", { name, arguments: args }, env);
      state = out.state;
      return out;
    },
    get db(): JsonObject {
      return state.dbs.agent as JsonObject;
    },
    get hash(): string {
      return dbHash(state.dbs.agent as JsonObject);
    },
    get actions() {
      return state.actions;
    },
    get callCounts() {
      return state.callCounts.agent ?? {};
    },
  };
}

/** `db[k1][k2]...` for asserting on one corner of the DB; undefined past a missing key. */
export function at(db: JsonValue | undefined, ...path: (string | number)[]): JsonValue | undefined {
  let cur = db;
  for (const key of path) cur = (cur as Record<string | number, JsonValue> | undefined)?.[key];
  return cur;
}
