/** loadProvenance: data/provenance.json, checked against its schema. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadProvenance } from "../../src/loaders/provenance.js";
import { readJsonFile } from "../../src/loaders/load-db.js";

describe("loadProvenance", () => {
  it("reads the project's file: the pinned sources of the fixtures and the airline DB's counts", () => {
    const p = loadProvenance();
    // The commits GUIDE and the fixtures README name: NeMo 1a83139, eva main 997ae97.
    expect(p.sources.nemo.commit.startsWith("1a83139")).toBe(true);
    expect(p.sources.eva_main.commit.startsWith("997ae97")).toBe(true);
    expect(p.sources.eva.ref).toBe("0.1.3");
    expect(p.sources.tau2.ref).toBe("voice-user-sim-v1.0");
    expect(p.tau2_airline.tables).toEqual({ flights: 300, reservations: 2000, users: 500 });
  });

  it("names the field of a file that breaks the schema", () => {
    const doc = readJsonFile(join(import.meta.dirname, "../../data/provenance.json")) as { sources: { tau2: { commit: string } } };
    doc.sources.tau2.commit = "abc";
    const file = join(mkdtempSync(join(tmpdir(), "evalsim-provenance-")), "provenance.json");
    writeFileSync(file, JSON.stringify(doc));
    expect(() => loadProvenance(file)).toThrow(`${file}: sources.tau2.commit: expected a 40-digit commit id`);
  });
});
