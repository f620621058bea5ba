/**
 * The eva_airline fixture folder: one DB per scenario (`<id>.json`), the
 * dataset (one JSON line per scenario) and the agent config (YAML).
 */
import { join } from "node:path";
import type { DomainFixtures } from "../../engine/data-checks/layout.js";
import { loadJsonData, loadJsonLines, loadYamlData } from "../../loaders/load.js";
import type { TypedDb } from "../../loaders/schema-parts.js";
import { evaUpstreamCheck } from "./upstream-check.js";
import { evaGoldReferences } from "./gold-references.js";
import { EvaAgentConfigSchema, type EvaAgentConfig } from "./schemas/agent-config.js";
import { EvaDatasetEntrySchema, EvaIdSchema, type EvaDatasetEntry } from "./schemas/dataset.js";
import { EvaScenarioFileSchema } from "./schemas/eva-schema-rules.js";
import { EVA_SCENARIO_FILE, EvaScenarioDbSchema, type EvaScenarioDb } from "./schemas/scenario-db.js";

const DATASET = "eva_airline_dataset.jsonl";
const AGENT_CONFIG = "airline_agent.yaml";

export function loadEvaScenarioDb(root: string, id: string): TypedDb<EvaScenarioDb> {
  if (!EvaIdSchema.safeParse(id).success) {
    throw new RangeError(`not an eva scenario id: ${JSON.stringify(id)} (expected <digits>.<digits>.<digits>)`);
  }
  return loadJsonData(root, join(root, "eva_airline", `${id}.json`), EvaScenarioFileSchema) as TypedDb<EvaScenarioDb>;
}

/** The dataset's entries in file order; a repeated id is an error, so no entry is ever shadowed. */
export function loadEvaDataset(root: string): readonly EvaDatasetEntry[] {
  return loadJsonLines(root, join(root, "eva_airline", DATASET), EvaDatasetEntrySchema, "id") as readonly EvaDatasetEntry[];
}

export function loadEvaAgentConfig(root: string): EvaAgentConfig {
  return loadYamlData(root, join(root, "eva_airline", AGENT_CONFIG), EvaAgentConfigSchema);
}

/** What the eva folder holds, its id rules (over the gold trajectories in `goldDir`) and its upstream check. */
export function evaFixtures(goldDir: string): DomainFixtures {
  return {
    files: [
      { kind: "json-each", pattern: EVA_SCENARIO_FILE, what: "scenario DBs (<digits>.<digits>.<digits>.json)", schema: EvaScenarioFileSchema },
      { kind: "json-lines", path: DATASET, schema: EvaDatasetEntrySchema, uniqueKey: "id" },
      { kind: "yaml", path: AGENT_CONFIG, schema: EvaAgentConfigSchema },
    ],
    // What a DB keeps after any calls: the shape (eva's rules are for the scenario files).
    dbSchemas: { agent: EvaScenarioDbSchema },
    references: evaGoldReferences(goldDir),
    checks: [evaUpstreamCheck],
  };
}
