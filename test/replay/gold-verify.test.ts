/**
 * `evalsim gold`'s row for one scenario: its gold replay's end DB against
 * the expected one (eva ships it; tau2's comes as a `--verify-against` map),
 * the reference's hashes taken from outside evalsim (the Python oracle over
 * eva's dataset, the NeMo harness's tau2 gold hashes), and the rules that
 * make a row fail or not.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { defineTool } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { rowFailed, verifyGold } from "../../src/replay/gold-verify.js";
import { runPython } from "../helpers/python.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const root = resolveDataRoot({ mustContain: "eva_airline" });
const tau2Hashes = JSON.parse(readFileSync(join(root, "..", "reference", "vectors", "tau2_gold_hashes_sample.json"), "utf8")) as Record<string, string>;
const evaHash = (id: string): string | undefined =>
  runPython("eva_expected_hashes.py", "", [join(root, "eva_airline", "eva_airline_dataset.jsonl")])
    .find((l) => l.startsWith(`${id} `))
    ?.split(" ")[1];

const RETAIL = "tau2_retail__30";
const EVA = "eva_airline__voluntary_date_change";
const entries = selectScenarios(
  loadCatalog(
    registry,
    {},
    registry.domains.filter((d) => d.name === "tau2_retail" || d.name === "eva_airline"),
  ),
  { scenarios: [RETAIL, EVA] },
);
const entry = (name: string): CatalogEntry => {
  const e = entries.find((x) => x.scenario.name === name);
  if (!e) throw new Error(`no scenario ${name}`);
  return e;
};

describe("verifyGold on the reference's data", () => {
  it("eva: the gold trajectory lands on the dataset's expected DB, hashed by the Python oracle", () => {
    const expected = evaHash("1.1.2");
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    const row = verifyGold(entry(EVA));
    expect(row).toMatchObject({ name: EVA, domain: "eva_airline", db_hash: expected, expected_hash: expected, match: true, user_db_hash: null, warnings: [] });
    expect(row.actions).toBeGreaterThan(0);
    expect(rowFailed(row)).toBe(false);
  });

  it("tau2: compared with the hash of --verify-against, the NeMo harness's gold hash", () => {
    const hash = tau2Hashes[RETAIL];
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const row = verifyGold(entry(RETAIL), { verifyAgainst: { [RETAIL]: hash as string } });
    expect(row).toMatchObject({ db_hash: hash, expected_hash: hash, match: true });
    expect(rowFailed(row)).toBe(false);
  });

  it("tau2 without a hash to compare against: match is null and the row does not fail", () => {
    const row = verifyGold(entry(RETAIL));
    expect(row).toMatchObject({ db_hash: tau2Hashes[RETAIL], expected_hash: null, match: null });
    expect(rowFailed(row)).toBe(false);
  });

  it("a hash that differs fails the row", () => {
    const row = verifyGold(entry(RETAIL), { verifyAgainst: { [RETAIL]: "0".repeat(64) } });
    expect(row.match).toBe(false);
    expect(rowFailed(row)).toBe(true);
  });
});

describe("verifyGold's rules", () => {
  const bug = defineTool({
    name: "bug",
    description: "Has a bug.",
    args: z.object({}),
    kind: "write",
    run: () => {
      throw new Error("boom");
    },
  });
  const base = tinyDomain("stock", [bug]);
  const scenario = base.scenarios("")[0];
  if (!scenario) throw new Error("tiny domain has no scenario");
  const shipped: JsonObject = { items: { I1: { item_id: "I1", name: "lamp", count: 2 }, I2: { item_id: "I2", name: "desk", count: 4 }, I3: { item_id: "I3", name: "chair", count: 7 } } };
  const shipping = { ...scenario, shippedExpectedDb: () => shipped };

  it("with diff: a mismatching row carries the diff from the shipped DB to the replayed one", () => {
    const row = verifyGold({ domain: base, scenario: shipping }, { diff: true });
    expect(row.match).toBe(false);
    expect(row.diff).toStrictEqual({
      tables_added: [],
      tables_removed: [],
      tables_modified: {
        items: { records_added: [], records_removed: [], records_modified: { I2: { fields_added: [], fields_removed: [], fields_modified: { count: { type: "value_mismatch", expected: 4, actual: 3 } } } } },
      },
    });
    expect(verifyGold({ domain: base, scenario: shipping })).not.toHaveProperty("diff");
  });

  it("a failure the domain documents as a known divergence is named and does not fail the row", () => {
    const domain = { ...base, knownDivergences: [{ id: "stock-desk", scenario: scenario.name, kind: "gold", what: "w", evidence: "e", decision: "d" }] };
    const row = verifyGold({ domain, scenario: shipping });
    expect(row).toMatchObject({ match: false, known_divergence: "stock-desk" });
    expect(rowFailed(row)).toBe(false);
  });

  it("a tool's bug in a gold call is an error row that fails, naming the call", () => {
    const row = verifyGold({ domain: base, scenario: { ...scenario, goldCalls: () => [{ name: "bug", arguments: {} }] } });
    expect(row).toMatchObject({ name: "stock__one", db_hash: null, match: null, actions: 0 });
    expect(row.error).toMatch(/^scenario 'stock__one': goldCalls\[0\] tool bug \(agent\) raised an unexpected Error: boom; /);
    expect(rowFailed(row)).toBe(true);
  });
});
