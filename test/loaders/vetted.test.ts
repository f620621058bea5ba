/**
 * Which fixture reads may skip their schema check: exactly the bytes the
 * manifest pins at exactly that path, and for a sharded DB every pinned shard.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { allVetted, setFixtureChecks } from "../../src/loaders/vetted.js";

const ROOT = resolveDataRoot({ mustContain: "tau2_airline" });
const read = (rel: string): { path: string; bytes: Buffer } => ({ path: join(ROOT, rel), bytes: readFileSync(join(ROOT, rel)) });
const SHARDS = join(ROOT, "tau2_airline", "db");
const shardFiles = (): { path: string; bytes: Buffer }[] =>
  readdirSync(SHARDS)
    .filter((n) => n.endsWith(".json"))
    .sort()
    .map((n) => read(`tau2_airline/db/${n}`));

afterEach(() => {
  setFixtureChecks("skip-vetted");
});

describe("allVetted", () => {
  it("accepts the pinned bytes at their pinned path", () => {
    expect(allVetted(ROOT, [read("tau2_retail/db.json"), read("tau2_retail/tasks.json")])).toBe(true);
  });

  it("refuses changed bytes, even ones that keep the JSON valid and equal", () => {
    const file = read("tau2_retail/tasks.json");
    const edited = Buffer.concat([file.bytes, Buffer.from("\n")]);
    expect(JSON.parse(edited.toString("utf8"))).toEqual(JSON.parse(file.bytes.toString("utf8")));
    expect(allVetted(ROOT, [{ path: file.path, bytes: edited }])).toBe(false);
  });

  it("refuses pinned bytes read from another path (another schema may apply there)", () => {
    const { bytes } = read("tau2_retail/tasks.json");
    expect(allVetted(ROOT, [{ path: join(ROOT, "tau2_airline", "tasks.json"), bytes }])).toBe(false);
    expect(allVetted(ROOT, [{ path: join(ROOT, "elsewhere.json"), bytes }])).toBe(false);
  });

  it("refuses a file the manifest does not list, and refuses everything when checks are full", () => {
    expect(allVetted(ROOT, [read("tau2_retail/db.json"), { path: join(ROOT, "tau2_retail", "extra.json"), bytes: Buffer.from("{}") }])).toBe(false);
    expect(allVetted(ROOT, [])).toBe(false);
    setFixtureChecks("full");
    expect(allVetted(ROOT, [read("tau2_retail/db.json")])).toBe(false);
  });

  it("accepts a sharded DB only with every pinned shard", () => {
    const shards = shardFiles();
    expect(shards.length).toBeGreaterThan(1);
    expect(allVetted(ROOT, shards, SHARDS)).toBe(true);
    expect(allVetted(ROOT, shards.slice(1), SHARDS)).toBe(false);
    // Without the folder to complete, the same subset passes: callers that read shards must name it.
    expect(allVetted(ROOT, shards.slice(1))).toBe(true);
  });
});
