import { describe, expect, it } from "vitest";
import { loadCatalog, selectScenarios } from "../../../src/engine/catalog.js";
import { registry } from "../../../src/domains/index.js";
import { botFactory } from "../../../src/run/bots/factory.js";
import { runScenario } from "../../../src/run/scenario/trial.js";

const pick = ["eva_airline__voluntary_date_change", "eva_airline__7_1_1", "tau2_retail__0", "tau2_retail__105", "tau2_telecom__mms_issue__airplane_mode_on__bad_network_preference__bad_wifi_calling__break_apn_mms_setting__break_app_both_permissions__data_mode_off__data_usage_exceeded__unseat_sim_card__user_abroad_roaming_disabled_off__hard"];

describe("oracle agent + scripted user", () => {
  const catalog = loadCatalog(registry, {});
  const entries = selectScenarios(catalog, { scenarios: pick });
  const bots = botFactory({ agent: "oracle", user: "scripted" });

  for (const entry of entries) {
    it(`${entry.scenario.name} passes its gating signals with a clean exit`, async () => {
      const out = await runScenario(entry, 1, bots, { seed: 0, minAgentTurns: 3 });
      expect(out.metrics["stop_reason"]).toBe("[EXIT]");
      expect(out.status).toBe("passed");
      expect((out.metrics["success_breakdown"] as { failed: string[] }).failed).toEqual([]);
    });
  }

  it("is deterministic: the same seed gives the same transcript and hashes", async () => {
    const entry = entries[0];
    if (!entry) throw new Error("no scenario");
    const a = await runScenario(entry, 1, bots, { seed: 7, minAgentTurns: 3 });
    const b = await runScenario(entry, 1, bots, { seed: 7, minAgentTurns: 3 });
    expect(b.transcript).toEqual(a.transcript);
    expect(b.dbHash).toBe(a.dbHash);
  });

  it("a user-side phone action asked by the agent is performed by the scripted user", async () => {
    const entry = entries.find((e) => e.domain.name === "tau2_telecom");
    if (!entry) throw new Error("no telecom scenario");
    const out = await runScenario(entry, 1, bots, { seed: 0, minAgentTurns: 3 });
    const userCalls = out.transcript.filter((e) => e.type === "tool_call" && e.side === "user");
    expect(userCalls.length).toBeGreaterThan(0);
    expect(out.predictedActions.some((a) => a["side"] === "user")).toBe(true);
  });
});
