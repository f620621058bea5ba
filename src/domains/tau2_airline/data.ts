/** The tau2_airline fixture folder: the agent DB, the tasks and their split. */
import { join } from "node:path";
import type { DomainFixtures } from "../../engine/data-checks/layout.js";
import { loadDbData } from "../../loaders/load.js";
import type { TypedDb } from "../../loaders/schema-parts.js";
import { airlineShardsCheck } from "./shards-check.js";
import { envSidesCheck } from "../tau2_common/env-sides-check.js";
import { TAU2_TASK_FILES } from "../tau2_common/data.js";
import { tau2TaskReferences } from "../tau2_common/task-references.js";
import { Tau2AirlineDbSchema, type Tau2AirlineDb } from "./db-schema.js";
import { TAU2_AIRLINE_REFERENCES } from "./reference-rules.js";

export function loadAirlineDb(root: string): TypedDb<Tau2AirlineDb> {
  return loadDbData(root, join(root, "tau2_airline", "db"), Tau2AirlineDbSchema);
}

export const airlineFixtures: DomainFixtures = {
  files: [{ kind: "db", path: "db", schema: Tau2AirlineDbSchema }, ...TAU2_TASK_FILES],
  dbSchemas: { agent: Tau2AirlineDbSchema },
  references: tau2TaskReferences("tau2_airline", TAU2_AIRLINE_REFERENCES, false),
  checks: [envSidesCheck, airlineShardsCheck],
};
