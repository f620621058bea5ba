/**
 * The reference's tests/unit/test_load_db_artifact.py: a DB is one
 * `<name>.json` file or a `<name>/` folder of per-table shards, both load to
 * the same dict and hash; a missing artifact is an error; tau2_airline's DB
 * is sharded.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { FixtureError, loadDbArtifact } from "../../src/loaders/load-db.js";
import { dbHash } from "../../src/hash/db/index.js";
import type { Obj } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "ref-dbart-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = (name: string): string => {
  const d = join(tmp, name);
  mkdirSync(d, { recursive: true });
  return d;
};

describe("load_db_artifact", () => {
  it("test_load_db_artifact_single_file", () => {
    const d = dir("single");
    const db = { users: { u1: {} }, orders: { "#A": {} } };
    writeFileSync(join(d, "db.json"), JSON.stringify(db));
    expect(loadDbArtifact(join(d, "db"))).toEqual(db);
    expect(loadDbArtifact(join(d, "db.json"))).toEqual(db);
  });
  it("test_load_db_artifact_sharded_dir", () => {
    const d = dir("sharded/db");
    writeFileSync(join(d, "users.json"), JSON.stringify({ u1: {} }));
    writeFileSync(join(d, "orders.json"), JSON.stringify({ "#A": {} }));
    expect(loadDbArtifact(join(tmp, "sharded", "db"))).toEqual({ users: { u1: {} }, orders: { "#A": {} } });
  });
  it("test_load_db_artifact_single_file_and_sharded_match", () => {
    const db: Obj = { users: { u1: { name: "x" } }, orders: { "#A": { qty: 1 } } };
    const one = dir("m1");
    writeFileSync(join(one, "db.json"), JSON.stringify(db));
    const two = dir("m2/db");
    for (const [k, v] of Object.entries(db)) writeFileSync(join(two, `${k}.json`), JSON.stringify(v));
    const a = loadDbArtifact(join(one, "db"));
    const b = loadDbArtifact(join(tmp, "m2", "db"));
    expect(a).toEqual(b);
    expect(dbHash(a)).toBe(dbHash(b));
  });
  it("test_load_db_artifact_missing_raises", () => {
    expect(() => loadDbArtifact(join(tmp, "nope"))).toThrow(FixtureError);
  });
  it("test_tau2_airline_db_loads_via_sharded_layout", () => {
    const db: Obj = loadDbArtifact(join(resolveDataRoot({ mustContain: "tau2_airline" }), "tau2_airline", "db"));
    expect(new Set(Object.keys(db))).toEqual(new Set(["flights", "users", "reservations"]));
    for (const t of ["flights", "users", "reservations"]) expect(Object.keys(db[t]).length).toBeGreaterThan(0);
  });
});
