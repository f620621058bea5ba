import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { parsePythonJson } from "../../../src/json/parse.js";
import type { JsonObject } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { runPython } from "../../helpers/python.js";

describe("hash of every eva expected_scenario_db equals Python's", () => {
  const file = join(resolveDataRoot({ mustContain: "eva_airline" }), "eva_airline", "eva_airline_dataset.jsonl");
  const records = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => parsePythonJson(l) as JsonObject);
  const python = new Map(runPython("eva_expected_hashes.py", "", [file]).map((l) => l.split(" ") as [string, string]));

  it("covers all 50 scenarios", () => {
    expect(records).toHaveLength(50);
    expect(python.size).toBe(50);
  });
  for (const r of records) {
    it(String(r["id"]), () => {
      const expected = (r["ground_truth"] as JsonObject)["expected_scenario_db"] as JsonObject;
      expect(dbHash(expected)).toBe(python.get(String(r["id"])));
    });
  }
});
