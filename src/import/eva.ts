/**
 * eva's records (`output/<run>/records/<record_id>/`): each record folder has
 * `audit_log.json` (the recording, eva's own tool names: the calls of a
 * cascade, speech-to-speech or realtime server, replay/formats/eva-audit-log.ts)
 * and `result.json`
 * (`record_id`, `final_scenario_db_hash`: eva 0.1.3 hashes the plain
 * `json.dumps(db, sort_keys=True, separators=(",", ":"))`, not the
 * normalized hash evalsim and NeMo compute). eva scores a record in a
 * separate metrics step, so a record carries no verdict. A record id matches
 * the eva_airline scenario whose upstream id it is.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { isJsonObject } from "../json/types.js";
import { callsFromEvaAuditLog } from "../replay/formats/eva-audit-log.js";
import { CallsFileError } from "../replay/formats/types.js";
import { readSourceJson } from "./read-json.js";
import type { SourceRun, SourceScenario } from "./types.js";
import { ImportError } from "./types.js";
import { refuseLinksIn } from "../run/folder/guard.js";

const AUDIT = "audit_log.json";

function record(dir: string): SourceScenario {
  const result = existsSync(join(dir, "result.json")) ? readSourceJson(join(dir, "result.json")) : undefined;
  const id = isJsonObject(result) && typeof result["record_id"] === "string" ? result["record_id"] : basename(dir);
  const audit = readSourceJson(join(dir, AUDIT));
  let calls;
  try {
    calls = callsFromEvaAuditLog(audit).map(({ recorded: _recorded, ...call }) => call);
  } catch (e) {
    // A record whose calls cannot be read would grade as a conversation without calls: it stops the import instead.
    if (e instanceof CallsFileError) throw new ImportError(`record ${id}: ${join(dir, AUDIT)}: ${e.message}`);
    throw e;
  }
  const hash = isJsonObject(result) && typeof result["final_scenario_db_hash"] === "string" ? result["final_scenario_db_hash"] : null;
  return { sourceName: `record ${id}`, key: { bucket: "eva_airline", upstreamId: id }, calls, verdict: null, hash };
}

/** A record folder, or a folder of record folders (eva's `records/`). */
export function readEvaRecords(path: string): SourceRun {
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new ImportError(`${path}: expected an eva records folder (records/<record_id>/audit_log.json)`);
  refuseLinksIn(path);
  if (existsSync(join(path, AUDIT))) return { format: "eva", scenarios: [record(path)] };
  const dirs = readdirSync(path)
    .filter((n) => existsSync(join(path, n, AUDIT)))
    .sort();
  if (dirs.length === 0) throw new ImportError(`${path}: no eva records here (expected <record_id>/${AUDIT})`);
  return { format: "eva", scenarios: dirs.map((d) => record(join(path, d))) };
}
