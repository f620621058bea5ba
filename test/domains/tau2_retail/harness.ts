import { tau2ArgumentError, tau2DbNotInitialized } from "../../../src/domains/tau2_common/argument-error.js";
import { tau2RetailAgentTools } from "../../../src/domains/tau2_retail/tools/index.js";
import { createRng } from "../../../src/engine/rng.js";
import type { JsonObject } from "../../../src/json/types.js";
import { agentSession, at, toolDomain } from "../../helpers/tool-domain.js";
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
  return agentSession(retailDomain, db, ENV);
}

export { at };
