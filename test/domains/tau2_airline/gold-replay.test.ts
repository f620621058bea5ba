/**
 * Replays the gold actions of every tau2_airline task published in the
 * reference vectors (tau2_gold_sample.json, produced by the reference harness)
 * through `dispatch`, and checks each step's result, the action records and
 * the end-DB hash.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool } from "../../../src/engine/toolbox.js";
import { readJsonFile } from "../../../src/loaders/load-db.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { airlineDb, airlineDomain, dataRoot, session } from "./harness.js";

interface VectorScenario {
  initial_db_hash: string;
  db_hash: string;
  actions: JsonObject[];
  steps: { name: string; side: string; arguments: JsonObject; result: JsonValue }[];
}
interface Task {
  id: string;
  evaluation_criteria?: { actions?: { name: string; arguments?: JsonObject | null; requestor?: string }[] | null } | null;
}

const PREFIX = "tau2_airline__";
const tasks = new Map((readJsonFile(join(dataRoot, "tau2_airline", "tasks.json")) as unknown as Task[]).map((t) => [t.id, t]));
const vectors = (
  readJsonFile(join(dataRoot, "..", "reference", "vectors", "tau2_gold_sample.json")) as unknown as {
    scenarios: Record<string, VectorScenario>;
  }
).scenarios;
const airlineScenarios = Object.entries(vectors).filter(([name]) => name.startsWith(PREFIX));

describe("tau2_airline gold replay matches the reference vectors", () => {
  it("has scenarios to check, on the DB the reference started from", () => {
    expect(airlineScenarios.length).toBe(17);
    expect(new Set(airlineScenarios.map(([, v]) => v.initial_db_hash))).toStrictEqual(new Set([dbHash(airlineDb())]));
  });

  it.each(airlineScenarios)("%s", (name, vector) => {
    const gold = tasks.get(name.slice(PREFIX.length))?.evaluation_criteria?.actions ?? [];
    expect(gold.map((a) => a.name)).toStrictEqual(vector.steps.map((s) => s.name));
    expect(gold.every((a) => (a.requestor ?? "assistant") !== "user")).toBe(true);

    const s = session();
    gold.forEach((action, i) => {
      expect(findTool(airlineDomain, "agent", action.name), action.name).toBeDefined();
      const out = s.call(action.name, action.arguments ?? {});
      expect(out.status, `step ${i} ${action.name}`).toBe("ok");
      expect(out.result, `step ${i} ${action.name}`).toStrictEqual(vector.steps[i]?.result);
      // Key order too: it is the order the LLM reads a result in.
      expect(JSON.stringify(out.result)).toBe(JSON.stringify(vector.steps[i]?.result));
    });
    expect(s.actions).toStrictEqual(vector.actions);
    expect(JSON.stringify(s.actions)).toBe(JSON.stringify(vector.actions));
    expect(dbHash(s.db)).toBe(vector.db_hash);
  });
});
