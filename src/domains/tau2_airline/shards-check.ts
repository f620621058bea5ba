/**
 * Check 4: the tau2 airline DB. NeMo ships it sharded (`tau2_airline/db/`,
 * one file per table) because the single upstream file is too large for its
 * mirror. The shards must reassemble into the expected tables with the
 * expected record counts and the pinned DB hash; where a single-file
 * `tau2_airline/db.json` is present too (the layout that wins when both
 * exist), it must hash the same as the shards.
 */
import { join } from "node:path";
import { isJsonObject, type JsonObject } from "../../json/types.js";
import { dbHash } from "../../hash/db/index.js";
import { type AddFinding, readJsonOrReport, reporter } from "../../engine/data-checks/findings.js";
import { isDir, isFile, listNames } from "../../loaders/files.js";
import type { Check, ValidationContext } from "../../engine/data-checks/types.js";

function assembleShards(add: AddFinding, dir: string): JsonObject | undefined {
  const db: JsonObject = {};
  let ok = true;
  for (const name of listNames(dir, /\.json$/)) {
    const value = readJsonOrReport(join(dir, name), add);
    if (value === undefined) ok = false;
    else db[name.slice(0, -".json".length)] = value;
  }
  return ok ? db : undefined;
}

function checkTables(ctx: ValidationContext, add: AddFinding, file: string, db: JsonObject, shardDir?: string): void {
  const expected = ctx.provenance.tau2_airline.tables;
  for (const [table, count] of Object.entries(expected)) {
    const where = shardDir ? join(shardDir, `${table}.json`) : file;
    const records = db[table];
    if (records === undefined) add({ severity: "error", file: where, message: `table ${table} is missing` });
    else if (!isJsonObject(records)) add({ severity: "error", file: where, message: `table ${table} is not an object of records` });
    else if (Object.keys(records).length !== count) {
      add({ severity: "error", file: where, message: `table ${table} has ${Object.keys(records).length} records, expected ${count}` });
    }
  }
  for (const table of Object.keys(db)) {
    if (!(table in expected)) add({ severity: "error", file: shardDir ? join(shardDir, `${table}.json`) : file, message: `unexpected table ${table}` });
  }
}

export const airlineShardsCheck: Check = {
  name: "airline-shards",
  run(ctx) {
    const { findings, add } = reporter("airline-shards", ctx);
    const shardDir = join(ctx.dataRoot, "tau2_airline", "db");
    const single = join(ctx.dataRoot, "tau2_airline", "db.json");
    const pinned = ctx.provenance.tau2_airline.db_hash;
    let shardHash: string | undefined;
    if (isDir(shardDir)) {
      const db = assembleShards(add, shardDir);
      if (db) {
        checkTables(ctx, add, shardDir, db, shardDir);
        shardHash = dbHash(db);
        if (shardHash !== pinned) add({ severity: "error", file: shardDir, message: `assembled DB hash ${shardHash}, expected the pinned ${pinned}` });
      }
    }
    if (isFile(single)) {
      const db = readJsonOrReport(single, add);
      if (isJsonObject(db)) {
        checkTables(ctx, add, single, db);
        const hash = dbHash(db);
        if (shardHash !== undefined && hash !== shardHash) {
          add({ severity: "error", file: single, message: `single-file DB hash ${hash} differs from the sharded layout's ${shardHash}` });
        } else if (shardHash === undefined && hash !== pinned) {
          add({ severity: "error", file: single, message: `DB hash ${hash}, expected the pinned ${pinned}` });
        }
      } else if (db !== undefined) add({ severity: "error", file: single, message: "expected a JSON object of tables" });
    }
    if (!isDir(shardDir) && !isFile(single)) add({ severity: "error", file: shardDir, message: "no airline DB (neither db/ shards nor db.json)" });
    return findings;
  },
};
