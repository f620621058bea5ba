import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../../src/json/parse.js";
import { canonicalJson, dbHash } from "../../../src/hash/db/index.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";

interface HashVector {
  label: string;
  input_text: string;
  canonical: string;
  hash: string;
}

const vectorsFile = join(resolveDataRoot(), "..", "reference", "vectors", "hash_vectors_sample.json");
const vectors = (JSON.parse(readFileSync(vectorsFile, "utf8")) as { vectors: HashVector[] }).vectors;

describe("canonical hash matches the reference harness's published vectors", () => {
  it("has vectors to check", () => expect(vectors.length).toBeGreaterThan(50));
  for (const v of vectors) {
    it(v.label, () => {
      const value = parsePythonJson(v.input_text);
      expect(canonicalJson(value)).toBe(v.canonical);
      expect(dbHash(value)).toBe(v.hash);
    });
  }
});
