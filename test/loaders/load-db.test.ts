/**
 * `loadDbArtifact` follows the reference's `load_db_artifact`
 * (`nemo_voice_agent/evaluation/__init__.py`): `.json` stripped before
 * probing, the file form wins over the directory form, shards are the
 * directory's `*.json` entries in sorted order without recursion, and a
 * missing artifact names both places tried.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { FixtureError, loadDbArtifact, readDbArtifact } from "../../src/loaders/load-db.js";
import { dbHash } from "../../src/hash/db/index.js";

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "evalsim-load-db-"));
  temps.push(dir);
  return dir;
}

function write(dir: string, rel: string, text: string): void {
  writeFileSync(join(dir, rel), text);
}

describe("loadDbArtifact", () => {
  it("reads <p>.json, with or without the .json suffix", () => {
    const dir = tempDir();
    write(dir, "db.json", '{"a": 1}');
    expect(loadDbArtifact(join(dir, "db"))).toEqual({ a: 1 });
    expect(loadDbArtifact(join(dir, "db.json"))).toEqual({ a: 1 });
  });

  it("strips .json before probing, so <p>.json finds the <p>/ shard directory", () => {
    const dir = tempDir();
    mkdirSync(join(dir, "db"));
    write(dir, "db/users.json", '{"u": 1}');
    expect(loadDbArtifact(join(dir, "db.json"))).toEqual({ users: { u: 1 } });
  });

  it("prefers the file when both forms exist", () => {
    const dir = tempDir();
    write(dir, "db.json", '{"from": "file"}');
    mkdirSync(join(dir, "db"));
    write(dir, "db/from.json", '"dir"');
    expect(loadDbArtifact(join(dir, "db"))).toEqual({ from: "file" });
  });

  it("keys shards by stem in code-point order, skipping other files and subdirectories", () => {
    const dir = tempDir();
    mkdirSync(join(dir, "db"));
    mkdirSync(join(dir, "db", "nested"));
    write(dir, "db/b.json", "2");
    write(dir, "db/a.json", "1");
    write(dir, "db/C.json", "3");
    write(dir, "db/notes.txt", "not a shard");
    write(dir, "db/nested/z.json", "26");
    const artifact = readDbArtifact(join(dir, "db"));
    // Python's sorted() puts upper case first.
    expect(Object.keys(artifact.db)).toEqual(["C", "a", "b"]);
    expect(artifact.db).toEqual({ C: 3, a: 1, b: 2 });
    const shard = (name: string): string => join(dir, "db", `${name}.json`);
    expect(artifact.shards).toEqual({ C: shard("C"), a: shard("a"), b: shard("b") });
  });

  it("treats a directory named *.json as a shard it cannot read, as Python's glob does", () => {
    const dir = tempDir();
    mkdirSync(join(dir, "db"));
    mkdirSync(join(dir, "db", "odd.json"));
    expect(() => loadDbArtifact(join(dir, "db"))).toThrow(`${join(dir, "db", "odd.json")}: cannot read file (EISDIR`);
  });

  it("names both forms when neither exists", () => {
    const dir = tempDir();
    const stem = join(dir, "missing");
    let error: unknown;
    try {
      loadDbArtifact(`${stem}.json`);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FixtureError);
    expect((error as Error).message).toBe(
      `${stem}.json: no DB artifact at ${stem}.json or ${stem}/ (tried single-file and sharded forms)`,
    );
  });

  it("names the shard that is not JSON", () => {
    const dir = tempDir();
    mkdirSync(join(dir, "db"));
    write(dir, "db/a.json", "{}");
    write(dir, "db/b.json", '{"x": [1,\n');
    expect(() => loadDbArtifact(join(dir, "db"))).toThrow(
      `${join(dir, "db", "b.json")}: invalid JSON: unexpected end of input at line 2 column 1`,
    );
  });
});

describe("the sharded tau2 airline DB", () => {
  const shardDir = join(resolveDataRoot({ mustContain: "tau2_airline" }), "tau2_airline", "db");
  // get_dict_hash(load_db_artifact(".../tau2_airline/db")) run with the reference;
  // also the `initial_db_hash` of every airline case in reference/vectors/tau2_gold_sample.json.
  const PYTHON_HASH = "4da8c3f8adaffe176a9daaa5f20658bb9b36cd945733ab8f9ecf2e8bcbaabcc8";

  it("hashes as the reference does", () => {
    expect(dbHash(loadDbArtifact(shardDir))).toBe(PYTHON_HASH);
  });

  it("hashes identically when joined into one db.json", () => {
    const dir = tempDir();
    // The shards' own text, spliced, so no number or string is re-serialized.
    const parts = ["flights", "reservations", "users"].map(
      (k) => `${JSON.stringify(k)}: ${readFileSync(join(shardDir, `${k}.json`), "utf8")}`,
    );
    write(dir, "db.json", `{${parts.join(",\n")}}`);
    const single = readDbArtifact(join(dir, "db"));
    expect(single.path).toBe(join(dir, "db.json"));
    expect(single.shards).toBeUndefined();
    expect(dbHash(single.db)).toBe(PYTHON_HASH);
  });

  it("is found through a copied root in either layout", () => {
    const dir = tempDir();
    cpSync(shardDir, join(dir, "db"), { recursive: true });
    expect(Object.keys(loadDbArtifact(join(dir, "db.json")))).toEqual(["flights", "reservations", "users"]);
  });
});
