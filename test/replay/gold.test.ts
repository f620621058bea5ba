/**
 * Gold replay against the reference's own gold replay: for sampled telecom
 * tasks (two sides, sync after every call), the NeMo harness published the
 * state after initialization and sync, every gold call's result, the action
 * records and both end-DB hashes (shared/reference/vectors/
 * tau2_telecom_sample.json, at its `today`). The reference's unit tests of
 * `_gold_replay` are ported in test/reference-cases/test_gold_replay.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { createRng } from "../../src/engine/rng.js";
import { defineTool } from "../../src/engine/types.js";
import { parsePythonJson } from "../../src/json/parse.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { GoldCallError, goldReplay } from "../../src/replay/gold.js";
import { summaryHash } from "../../src/hash/db/index.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

interface Hashes {
  db_hash: string;
  user_db_hash: string;
}
interface TelecomVector {
  after_post_init_sync: Hashes;
  gold: Hashes & { actions: JsonObject[]; steps: { name: string; side: string; arguments: JsonValue; result: JsonValue }[] };
}

const root = resolveDataRoot({ mustContain: "tau2_telecom" });
const vectors = parsePythonJson(readFileSync(join(root, "..", "reference", "vectors", "tau2_telecom_sample.json"), "utf8")) as unknown as {
  meta: { today: string };
  scenarios: Record<string, TelecomVector>;
};
// One task of each family, with the most gold calls of the published sample.
const NAMES = [
  "tau2_telecom__mms_issue__airplane_mode_on__bad_network_preference__bad_wifi_calling__break_apn_mms_setting__break_app_both_permissions__data_mode_off__data_usage_exceeded__unseat_sim_card__user_abroad_roaming_disabled_off__hard",
  "tau2_telecom__mobile_data_issue__airplane_mode_on__bad_network_preference__bad_vpn__data_mode_off__data_saver_mode_on__data_usage_exceeded__user_abroad_roaming_enabled_off__easy",
  "tau2_telecom__service_issue__airplane_mode_on__break_apn_settings__overdue_bill_suspension",
];
const telecom = registry.domains.filter((d) => d.name === "tau2_telecom");
const entries = selectScenarios(loadCatalog(registry, {}, telecom), { scenarios: NAMES });

describe("goldReplay on the reference's telecom gold", () => {
  it("finds the sampled tasks", () => {
    expect(entries.map((e) => e.scenario.name).sort()).toStrictEqual([...NAMES].sort());
  });

  it.each(NAMES)("%s", (name) => {
    const entry = entries.find((e) => e.scenario.name === name);
    const vector = vectors.scenarios[name];
    if (!entry || !vector) throw new Error(`missing ${name}`);
    const gold = goldReplay(entry.domain, entry.scenario, { today: vectors.meta.today, rng: createRng(0).fork(`gold:${name}`) });
    expect({ db_hash: summaryHash(gold.postInit.dbs.agent), user_db_hash: summaryHash(gold.postInit.dbs.user) }).toStrictEqual(vector.after_post_init_sync);
    expect(gold.steps.map(({ name: n, side, arguments: a, result }) => ({ name: n, side, arguments: a, result }))).toStrictEqual(vector.gold.steps.map(({ name: n, side, arguments: a, result }) => ({ name: n, side, arguments: a, result })));
    expect(gold.steps.every((s) => s.status === "ok")).toBe(true);
    expect(gold.actions).toStrictEqual(vector.gold.actions);
    expect({ db_hash: summaryHash(gold.state.dbs.agent), user_db_hash: summaryHash(gold.state.dbs.user) }).toStrictEqual({ db_hash: vector.gold.db_hash, user_db_hash: vector.gold.user_db_hash });
    expect(gold.warnings).toStrictEqual([]);
  });
});

describe("goldReplay's own rules", () => {
  const bug = defineTool({
    name: "bug",
    description: "Has a bug.",
    args: z.object({}),
    kind: "write",
    run: () => {
      throw new RangeError("index 7 out of range");
    },
  });
  const domain = tinyDomain("stock", [bug]);
  const scenario = domain.scenarios("")[0];
  if (!scenario) throw new Error("tiny domain has no scenario");
  const env = { today: "2026-01-05", rng: createRng(0) };
  const withGold = (calls: JsonObject[]) => ({ ...scenario, goldCalls: () => calls.map((c) => ({ name: c["name"] as string, arguments: c["arguments"] as JsonValue })) });

  it("replays onto its initial state without changing it, and answers the scenario's reference records", () => {
    const gold = goldReplay(domain, scenario, env);
    expect(gold.postInit.dbs.agent).toBe(scenario.initialDbs().agent);
    expect(gold.state.dbs.agent).toStrictEqual({ items: { I1: { item_id: "I1", name: "lamp", count: 2 }, I2: { item_id: "I2", name: "desk", count: 3 }, I3: { item_id: "I3", name: "chair", count: 7 } } });
    expect(gold.actions).toStrictEqual([{ action_type: "restock_item", name: "restock_item", arguments: { item_id: "I2", amount: 3 }, result: { item_id: "I2", name: "desk", count: 3 }, side: "agent" }]);
    expect(gold.steps).toStrictEqual([{ name: "restock_item", side: "agent", arguments: { item_id: "I2", amount: 3 }, result: { item_id: "I2", name: "desk", count: 3 }, status: "ok" }]);
  });

  it("a gold call naming no tool is skipped with a warning; the others still run", () => {
    const gold = goldReplay(domain, withGold([{ name: "get_weather", arguments: {} }, { name: "get_item", arguments: { item_id: "I3" } }]), env);
    expect(gold.steps.map((s) => s.name)).toStrictEqual(["get_item"]);
    expect(gold.warnings).toStrictEqual(["gold: no agent tool named 'get_weather'; skipped"]);
  });

  it("a tool's bug is a GoldCallError naming the scenario, the gold call's index and the fix", () => {
    const run = () => goldReplay(domain, withGold([{ name: "get_weather", arguments: {} }, { name: "get_item", arguments: { item_id: "I3" } }, { name: "bug", arguments: {} }]), env);
    expect(run).toThrow(GoldCallError);
    expect(run).toThrow(
      `scenario 'stock__one': goldCalls[2] tool bug (agent) raised an unexpected RangeError: index 7 out of range; fix the tool's handler (a refusal returns {status: "error", message})`,
    );
  });
});
