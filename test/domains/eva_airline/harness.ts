import { readFileSync } from "node:fs";
import { join } from "node:path";
import { evaArgumentError, evaDbNotInitialized } from "../../../src/domains/eva_airline/errors.js";
import { evaAirlineAgentTools } from "../../../src/domains/eva_airline/tools/index.js";
import { createRng } from "../../../src/engine/rng.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { readJsonFile } from "../../../src/loaders/load-db.js";
import { parsePythonJson } from "../../../src/json/parse.js";
import type { JsonObject } from "../../../src/json/types.js";
import { agentSession, at, toolDomain } from "../../helpers/tool-domain.js";

export const evaDomain = toolDomain({
  name: "eva_airline",
  agent: evaAirlineAgentTools,
  unknownArgs: "drop",
  argumentError: evaArgumentError,
  dbNotInitialized: evaDbNotInitialized,
});

const dataRoot = resolveDataRoot({ mustContain: "eva_airline" });

/** A fresh copy of the scenario DB `<root>/eva_airline/<id>.json`. */
export function scenarioDb(evaId: string): JsonObject {
  return readJsonFile(join(dataRoot, "eva_airline", `${evaId}.json`)) as JsonObject;
}

/** The dataset's `ground_truth.expected_scenario_db` for a scenario. */
export function expectedScenarioDb(evaId: string): JsonObject {
  const lines = readJsonLines(join(dataRoot, "eva_airline", "eva_airline_dataset.jsonl"));
  const entry = lines.find((l) => l["id"] === evaId);
  if (!entry) throw new Error(`no dataset entry for ${evaId}`);
  return (entry["ground_truth"] as JsonObject)["expected_scenario_db"] as JsonObject;
}

function readJsonLines(path: string): JsonObject[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim().length > 0)
    .map((l) => parsePythonJson(l) as JsonObject);
}

/** A conversation's worth of agent-side calls against one DB, on the scenario's own date. */
export function session(db: JsonObject) {
  const today = typeof db["_current_date"] === "string" ? db["_current_date"] : "2026-01-01";
  return agentSession(evaDomain, db, { today, rng: createRng(0) });
}

export { at };

/** Records without the `side` stamp dispatch adds (the reference's records have none). */
export function bare(records: readonly JsonObject[]): JsonObject[] {
  return records.map(({ side: _side, ...rest }) => rest);
}
