/** The tau2_retail fixture folder: the agent DB, the tasks and their split. */
import { join } from "node:path";
import type { DomainFixtures } from "../../engine/data-checks/layout.js";
import { loadDbData } from "../../loaders/load.js";
import type { TypedDb } from "../../loaders/schema-parts.js";
import { envSidesCheck } from "../tau2_common/env-sides-check.js";
import { TAU2_TASK_FILES } from "../tau2_common/data.js";
import { tau2TaskReferences } from "../tau2_common/task-references.js";
import { Tau2RetailDbSchema, type Tau2RetailDb } from "./db-schema.js";
import { TAU2_RETAIL_REFERENCES } from "./reference-rules.js";

export function loadRetailDb(root: string): TypedDb<Tau2RetailDb> {
  return loadDbData(root, join(root, "tau2_retail", "db"), Tau2RetailDbSchema);
}

export const retailFixtures: DomainFixtures = {
  files: [{ kind: "db", path: "db", schema: Tau2RetailDbSchema }, ...TAU2_TASK_FILES],
  dbSchemas: { agent: Tau2RetailDbSchema },
  references: tau2TaskReferences("tau2_retail", TAU2_RETAIL_REFERENCES, false),
  checks: [envSidesCheck],
};
