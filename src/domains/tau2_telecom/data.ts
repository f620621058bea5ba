/**
 * The tau2_telecom fixture folder: the back office's DB, the phone's DB
 * (`user_db`), the tasks and their split; upstream's TOML originals are
 * checked against the JSON conversions.
 */
import { join } from "node:path";
import type { DomainFixtures } from "../../engine/data-checks/layout.js";
import { loadDbData } from "../../loaders/load.js";
import type { TypedDb } from "../../loaders/schema-parts.js";
import { envSidesCheck } from "../tau2_common/env-sides-check.js";
import { TAU2_TASK_FILES } from "../tau2_common/data.js";
import { tau2TaskReferences } from "../tau2_common/task-references.js";
import { Tau2TelecomDbSchema, type Tau2TelecomDb } from "./db-schema.js";
import { TAU2_TELECOM_REFERENCES } from "./reference-rules.js";
import { telecomUpstreamCheck } from "./upstream/tasks-check.js";
import { telecomTomlCheck } from "./upstream/toml-check.js";
import { Tau2TelecomUserDbSchema, type Tau2TelecomUserDb } from "./user-db-schema.js";

export function loadTelecomDb(root: string): TypedDb<Tau2TelecomDb> {
  return loadDbData(root, join(root, "tau2_telecom", "db"), Tau2TelecomDbSchema);
}

export function loadTelecomUserDb(root: string): TypedDb<Tau2TelecomUserDb> {
  return loadDbData(root, join(root, "tau2_telecom", "user_db"), Tau2TelecomUserDbSchema);
}

export const telecomFixtures: DomainFixtures = {
  files: [{ kind: "db", path: "db", schema: Tau2TelecomDbSchema }, ...TAU2_TASK_FILES, { kind: "db", path: "user_db", schema: Tau2TelecomUserDbSchema }],
  dbSchemas: { agent: Tau2TelecomDbSchema, user: Tau2TelecomUserDbSchema },
  references: tau2TaskReferences("tau2_telecom", TAU2_TELECOM_REFERENCES, true),
  checks: [telecomTomlCheck, telecomUpstreamCheck, envSidesCheck],
};
