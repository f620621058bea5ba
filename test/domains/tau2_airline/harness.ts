/** Dispatching airline tool calls in tests, one conversation at a time. */
import { join } from "node:path";
import { tau2ArgumentError, tau2DbNotInitialized } from "../../../src/domains/tau2_common/argument-error.js";
import { tau2AirlineAgentTools } from "../../../src/domains/tau2_airline/tools/index.js";
import { createRng } from "../../../src/engine/rng.js";
import { deepFreeze } from "../../../src/json/freeze.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { loadDbArtifact } from "../../../src/loaders/load-db.js";
import type { JsonObject } from "../../../src/json/types.js";
import { agentSession, at, toolDomain } from "../../helpers/tool-domain.js";

export const airlineDomain = toolDomain({
  name: "tau2_airline",
  agent: tau2AirlineAgentTools,
  unknownArgs: "reject",
  argumentError: tau2ArgumentError,
  dbNotInitialized: () => tau2DbNotInitialized(),
});

export const dataRoot = resolveDataRoot({ mustContain: "tau2_airline" });

let fixtureDb: JsonObject | undefined;
/** The airline fixture DB (loaded once, frozen: dispatch never mutates it). */
export function airlineDb(): JsonObject {
  fixtureDb ??= deepFreeze(loadDbArtifact(join(dataRoot, "tau2_airline", "db")));
  return fixtureDb;
}

const ENV = { today: "2025-02-25", rng: createRng(0) };

/** A conversation's worth of agent-side calls against one DB. */
export function session(db: JsonObject = airlineDb()) {
  return agentSession(airlineDomain, db, ENV);
}

export { at };
