/** data/known-divergences.json: read, checked field by field, and looked up by scenario and kind. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { divergenceFor, loadKnownDivergences } from "../../src/loaders/known-divergences.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-divergences-"));
const file = (name: string, doc: unknown): string => {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
};
const ENTRY = { id: "d1", scenario: "eva_airline__x", kind: "gold_mismatch", what: "w", evidence: "e", decision: "keep" };

describe("loadKnownDivergences", () => {
  it("reads the entries; a missing file is an empty list", () => {
    expect(loadKnownDivergences(file("ok.json", { divergences: [ENTRY] }))).toEqual([ENTRY]);
    expect(loadKnownDivergences(join(dir, "absent.json"))).toEqual([]);
  });

  it("names the field that is wrong", () => {
    const notList = file("bad1.json", { divergences: {} });
    expect(() => loadKnownDivergences(notList)).toThrow("expected an array of divergence entries");
    const noEvidence = file("bad2.json", { divergences: [ENTRY, { ...ENTRY, evidence: 3 }] });
    expect(() => loadKnownDivergences(noEvidence)).toThrow(/divergences\[1\]\.evidence: expected a string/);
  });

  it("the project's own file has an id, a kind and evidence for every entry", () => {
    const all = loadKnownDivergences();
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
  });
});

describe("divergenceFor", () => {
  it("finds the entry of a scenario and kind", () => {
    const list = [ENTRY, { ...ENTRY, id: "d2", kind: "replay_gap" }];
    expect(divergenceFor("eva_airline__x", "replay_gap", list)?.id).toBe("d2");
    expect(divergenceFor("eva_airline__x", "other", list)).toBeUndefined();
    expect(divergenceFor("eva_airline__y", "gold_mismatch", list)).toBeUndefined();
  });
});
