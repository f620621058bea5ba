/**
 * Replays the gold actions of every tau2_retail task published in the
 * reference vectors through `dispatch`, and checks each step's result, the
 * action records and the end-DB hash against what the reference harness
 * produced (tau2_gold_sample.json).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonFile, loadDbArtifact } from "../../../src/loaders/load-db.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { deepFreeze } from "../../../src/json/freeze.js";
import { findTool } from "../../../src/engine/toolbox.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { retailDomain, session } from "./harness.js";

interface VectorStep {
  name: string;
  side: string;
  arguments: JsonObject;
  result: JsonValue;
}
interface VectorScenario {
  initial_db_hash: string;
  db_hash: string;
  actions: JsonObject[];
  steps: VectorStep[];
}
interface GoldAction {
  name: string;
  arguments?: JsonObject | null;
}
interface Task {
  id: string;
  evaluation_criteria?: { actions?: GoldAction[] | null } | null;
}

const dataRoot = resolveDataRoot({ mustContain: "tau2_retail" });
const baseDb = deepFreeze(loadDbArtifact(join(dataRoot, "tau2_retail", "db")));
const tasks = new Map((readJsonFile(join(dataRoot, "tau2_retail", "tasks.json")) as unknown as Task[]).map((t) => [t.id, t]));
const vectors = (readJsonFile(join(dataRoot, "..", "reference", "vectors", "tau2_gold_sample.json")) as unknown as {
  scenarios: Record<string, VectorScenario>;
}).scenarios;
const retailScenarios = Object.entries(vectors).filter(([name]) => name.startsWith("tau2_retail__"));

describe("tau2_retail gold replay matches the reference vectors", () => {
  it("has scenarios to check, on the DB the reference started from", () => {
    expect(retailScenarios.length).toBeGreaterThan(30);
    expect(new Set(retailScenarios.map(([, v]) => v.initial_db_hash))).toStrictEqual(new Set([dbHash(baseDb)]));
  });

  it.each(retailScenarios)("%s", (name, vector) => {
    const task = tasks.get(name.slice("tau2_retail__".length));
    const gold = task?.evaluation_criteria?.actions ?? [];
    expect(gold.map((a) => a.name)).toStrictEqual(vector.steps.map((s) => s.name));

    const s = session(baseDb);
    gold.forEach((action, i) => {
      expect(findTool(retailDomain, "agent", action.name), action.name).toBeDefined();
      const out = s.call(action.name, action.arguments ?? {});
      expect(out.status).not.toBe("crashed");
      expect(out.result, `step ${i} ${action.name}`).toStrictEqual(vector.steps[i]?.result);
    });
    expect(s.actions).toStrictEqual(vector.actions);
    expect(dbHash(s.db)).toBe(vector.db_hash);
  });
});
