/**
 * Check 4 (airline-shards). The pinned hash is the reference's
 * `initial_db_hash` for tau2_airline (shared/reference/vectors/
 * tau2_gold_sample.json); the table sizes are the tau2 airline DB's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateFixtures } from "../../../src/validate/validate-fixtures.js";
import { copyFixtures, editJson } from "../../helpers/temp-data.js";

const PINNED = "4da8c3f8adaffe176a9daaa5f20658bb9b36cd945733ab8f9ecf2e8bcbaabcc8";

function shardFindings(root: string) {
  return validateFixtures({ dataRoot: root, domains: ["tau2_airline"], checks: ["airline-shards"], knownDivergences: [] }).findings;
}

const summary = (f: { severity: string; file: string; message: string }): string => `${f.severity} ${f.file}: ${f.message}`;

/** The single-file layout, assembled from the shard texts as upstream's db.json holds them. */
function writeSingleFile(root: string): void {
  const shard = (t: string): string => readFileSync(join(root, "tau2_airline", "db", `${t}.json`), "utf8");
  writeFileSync(join(root, "tau2_airline", "db.json"), `{"flights": ${shard("flights")}, "reservations": ${shard("reservations")}, "users": ${shard("users")}}`);
}

describe("airline-shards check", () => {
  it("passes the real shards, and a single-file layout beside them that holds the same data", () => {
    const root = copyFixtures(["tau2_airline/db"]);
    expect(shardFindings(root)).toEqual([]);
    writeSingleFile(root);
    expect(shardFindings(root)).toEqual([]);
  });

  it("reports a missing record: the count and the hash no longer match", () => {
    const root = copyFixtures(["tau2_airline/db"]);
    editJson(root, "tau2_airline/db/users.json", ["mia_li_3668"], undefined);
    expect(shardFindings(root).map(summary)).toEqual([
      "error tau2_airline/db/users.json: table users has 499 records, expected 500",
      expect.stringMatching(new RegExp(`^error tau2_airline/db: assembled DB hash [0-9a-f]{64}, expected the pinned ${PINNED}$`)),
    ]);
  });

  it("reports a single-file layout that hashes differently from the shards", () => {
    const root = copyFixtures(["tau2_airline/db"]);
    writeSingleFile(root);
    editJson(root, "tau2_airline/db.json", ["users", "mia_li_3668", "membership"], "silver");
    expect(shardFindings(root).map(summary)).toEqual([
      expect.stringMatching(/^error tau2_airline\/db\.json: single-file DB hash [0-9a-f]{64} differs from the sharded layout's 4da8c3f8/),
    ]);
  });

  it("reports an unexpected table shard", () => {
    const root = copyFixtures(["tau2_airline/db"]);
    writeFileSync(join(root, "tau2_airline", "db", "airports.json"), "{}");
    expect(shardFindings(root).map(summary)).toEqual([
      "error tau2_airline/db/airports.json: unexpected table airports",
      expect.stringMatching(/^error tau2_airline\/db: assembled DB hash/),
    ]);
  });
});
