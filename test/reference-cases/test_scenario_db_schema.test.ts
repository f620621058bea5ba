/**
 * eva 0.1.3's `tests/unit/airline/test_scenario_db_schema.py` (ServiceNow/eva
 * tag 0.1.3, commit 58637852d0694b34b26630dc78c104dfc6dc5fd5): 52 tests, each
 * run by eva over its scenario DBs. Each translation checks that the rule
 * holds for the 50 shipped DBs (eva's parameter sets), and that evalsim's
 * scenario-file schema accepts one edit of a shipped DB that eva's test
 * accepts and refuses one that it refuses (eva-schema-probes.ts; every
 * verdict there was produced by running eva's test file on the edited DB).
 * The values no tool could use stay refused: the divergence
 * `eva_airline:schema-unusable-values`, asserted at the end.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEvaScenarioDb } from "../../src/domains/eva_airline/data.js";
import { EVA_SCHEMA_RULES, EvaScenarioFileSchema } from "../../src/domains/eva_airline/schemas/eva-schema-rules.js";
import { EvaScenarioDbSchema, type EvaScenarioDb } from "../../src/domains/eva_airline/schemas/scenario-db.js";
import { parsePythonJson } from "../../src/json/parse.js";
import { loadKnownDivergences } from "../../src/loaders/known-divergences.js";
import { findProblem } from "../../src/loaders/schema-check.js";
import { copyFixtures, FIXTURES } from "../helpers/temp-data.js";
import { BASE, DIVERGENCE_PROBES, PROBES, type Db } from "./eva-schema-probes.js";

const EVA_DIR = join(FIXTURES, "eva_airline");
let shipped: { id: string; db: EvaScenarioDb }[];
let base: Db;

beforeAll(() => {
  // Loading validates each file against the scenario-file schema (shape and every rule).
  const ids = readdirSync(EVA_DIR)
    .filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .map((f) => f.slice(0, -5))
    .sort();
  shipped = ids.map((id) => ({ id, db: loadEvaScenarioDb(FIXTURES, id) }));
  base = JSON.parse(readFileSync(join(EVA_DIR, `${BASE}.json`), "utf8")) as Db;
});

/** The DB after `edit`, read back from JSON text as a scenario file is. */
function edited(edit: (db: Db) => void, spell: (t: string) => string = (t) => t): unknown {
  const db = structuredClone(base);
  edit(db);
  return parsePythonJson(spell(JSON.stringify(db)));
}

const byName = new Map(EVA_SCHEMA_RULES.map((r) => [r.name, r]));

describe("eva 0.1.3 tests/unit/airline/test_scenario_db_schema.py", () => {
  it("the 50 shipped scenario DBs are eva's parameter sets, and each loads", () => {
    expect(shipped).toHaveLength(50);
  });

  for (const probe of PROBES) {
    it(probe.test, () => {
      const rule = byName.get(probe.test);
      // eva's parameter sets: the rule holds on every shipped DB (a field-type rule: the shape, checked on load).
      if (rule) for (const { id, db } of shipped) expect(rule.check(db), id).toEqual([]);
      const [okWhat, okEdit] = probe.accept;
      expect(findProblem(edited(okEdit), EvaScenarioFileSchema), okWhat).toBeUndefined();
      const [badWhat, badEdit] = probe.reject;
      const bad = edited(badEdit);
      expect(findProblem(bad, EvaScenarioFileSchema), badWhat).toBeDefined();
      // A rule beyond the field types refuses it itself (the shape lets it through), naming eva's test.
      if (rule && EvaScenarioDbSchema.safeParse(bad).success) expect(rule.check(bad as EvaScenarioDb).length, badWhat).toBeGreaterThan(0);
    });
  }
});

describe("evalsim's refusal of a DB eva refuses", () => {
  it("names the file, the path, eva's test, and that NeMo's harness would still load it", () => {
    const root = copyFixtures([`eva_airline/${BASE}.json`]);
    const file = join(root, "eva_airline", `${BASE}.json`);
    const db = structuredClone(base);
    db["journeys"]["FL_SK612_SK733_20260612"]["status"] = "boarding";
    writeFileSync(file, JSON.stringify(db));
    expect(() => loadEvaScenarioDb(root, BASE)).toThrow(
      `journeys.FL_SK612_SK733_20260612.status: expected one of "scheduled", "on_time", "delayed", "cancelled", "departed" (eva 0.1.3's test_journey_status_enum refuses it; NeMo's harness loads the DB without this check), found "boarding"`,
    );
  });

  it("the dataset's expected DBs and the DBs tools leave are checked for their shape only (they carry session; a rebooking can leave 0 seats with seat types listed)", () => {
    const after = structuredClone(base);
    after["session"] = {};
    after["journeys"]["FL_SK612_SK733_20260612"]["segments"][0]["available_seats"]["main_cabin"] = 0;
    expect(findProblem(after, EvaScenarioDbSchema)).toBeUndefined();
    expect(findProblem(after, EvaScenarioFileSchema)).toBeDefined();
  });
});

describe("divergence eva_airline:schema-unusable-values", () => {
  it("is recorded with evidence", () => {
    const entry = loadKnownDivergences().find((d) => d.id === "eva_airline:schema-unusable-values");
    expect(entry?.evidence).toContain("test_scenario_db_schema.py");
  });

  for (const probe of DIVERGENCE_PROBES) {
    it(`${probe.what}: eva ${probe.eva === "accepts" ? "accepts, evalsim refuses" : "refuses, evalsim accepts"}`, () => {
      const problem = findProblem(edited(probe.edit, probe.spell), EvaScenarioFileSchema);
      if (probe.eva === "accepts") expect(problem).toBeDefined();
      else expect(problem).toBeUndefined();
    });
  }
});
