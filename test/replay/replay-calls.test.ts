/**
 * Recorded replay (`evalsim replay`) against what the reference produced:
 * the gold calls the NeMo harness ran for a retail task, with the results it
 * recorded, replay to the same results, records and end-DB hash
 * (shared/reference/vectors/tau2_gold_sample.json); and `--today` moves a
 * telecom task's initialization to the date the harness ran it at
 * (tau2_telecom_sample.json).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { parsePythonJson } from "../../src/json/parse.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import type { RecordedCall } from "../../src/replay/formats/types.js";
import { replayCalls } from "../../src/replay/replay-calls.js";

const root = resolveDataRoot({ mustContain: "tau2_retail" });
const vectorsOf = <T>(file: string): T => parsePythonJson(readFileSync(join(root, "..", "reference", "vectors", file), "utf8")) as unknown as T;
const gold = vectorsOf<{ scenarios: Record<string, { db_hash: string; actions: JsonObject[]; steps: { name: string; side: string; arguments: JsonValue; result: JsonValue }[] }> }>("tau2_gold_sample.json").scenarios;
const telecom = vectorsOf<{ meta: { today: string }; scenarios: Record<string, { after_post_init_sync: { db_hash: string } }> }>("tau2_telecom_sample.json");

const RETAIL = "tau2_retail__30";
const OVERDUE = "tau2_telecom__service_issue__airplane_mode_on__break_apn_settings__overdue_bill_suspension";
const entries = selectScenarios(
  loadCatalog(
    registry,
    {},
    registry.domains.filter((d) => d.name === "tau2_retail" || d.name === "tau2_telecom"),
  ),
  { scenarios: [RETAIL, OVERDUE] },
);
const entry = (name: string) => {
  const e = entries.find((x) => x.scenario.name === name);
  if (!e) throw new Error(`no scenario ${name}`);
  return e;
};

describe("replayCalls", () => {
  const vector = gold[RETAIL];
  if (!vector) throw new Error(`no vector for ${RETAIL}`);
  const recorded: RecordedCall[] = vector.steps.map((s) => ({ name: s.name, side: "agent", arguments: s.arguments, recorded: { value: s.result } }));

  it("replays the reference's gold calls of a retail task to its results, records and end-DB hash", () => {
    const r = replayCalls(entry(RETAIL), recorded, { seed: 0 });
    expect(r.calls).toHaveLength(13);
    expect(r.calls.map((c) => [c.name, c.status, c.recorded])).toStrictEqual(vector.steps.map((s) => [s.name, "ok", { same: true }]));
    expect(r.actions).toStrictEqual(vector.actions);
    expect(r.db_hash).toBe(vector.db_hash);
    expect(r.user_db_hash).toBeNull();
    expect(r.unmapped).toStrictEqual([]);
    expect(r.warnings).toStrictEqual([]);
  });

  it("names the first difference from a recorded result, and lists a tool the domain lacks", () => {
    const first = vector.steps[0];
    if (!first) throw new Error("empty gold");
    const wrong: RecordedCall = { name: first.name, arguments: first.arguments, recorded: { value: { ...(first.result as JsonObject), user_id: "someone_else" } } };
    const r = replayCalls(entry(RETAIL), [wrong, { name: "get_weather", arguments: {} }], { seed: 0 });
    expect(r.calls[0]?.recorded).toStrictEqual({ same: false, diff: `$.user_id: recorded "someone_else", evalsim ${JSON.stringify((first.result as JsonObject)["user_id"])}` });
    expect(r.calls[1]?.status).toBe("unknown_tool");
    expect(r.unmapped).toStrictEqual(["get_weather (agent)"]);
  });

  it("--today dates a clock-dated task's initialization: the reference's run at its date, and another date moves it", () => {
    const at = replayCalls(entry(OVERDUE), [], { seed: 0, today: telecom.meta.today });
    expect(at.db_hash).toBe(telecom.scenarios[OVERDUE]?.after_post_init_sync.db_hash);
    // The overdue bill is dated from "today", so a month later the agent DB differs.
    expect(replayCalls(entry(OVERDUE), [], { seed: 0, today: "2025-03-25" }).db_hash).not.toBe(at.db_hash);
  });
});
