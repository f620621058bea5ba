/**
 * The reference's tests/unit/test_tau2_retail_scenarios.py: the 114 retail
 * scenarios, their expected DBs by gold replay, NL-assertion counts, task 57
 * (nothing to do) and 16, the agent's tools, prompt and DB, and the domain.
 */
import { describe, expect, it } from "vitest";
import { dbHash } from "../../src/hash/db/index.js";
import { entries, entry, gold } from "./catalog.js";

const RETAIL = () =>
  [...entries().keys()].filter((k) => k.startsWith("tau2_retail__")).sort((a, b) => Number(a.split("__")[1]) - Number(b.split("__")[1]));

describe("tau2_retail scenarios", () => {
  it("test_114_retail_scenarios_registered", () => {
    const keys = RETAIL();
    expect(keys).toHaveLength(114);
    expect(keys[0]).toBe("tau2_retail__0");
    expect(keys.at(-1)).toBe("tau2_retail__113");
  });
  it("test_every_retail_scenario_instantiates_and_hashes", () => {
    for (const k of RETAIL()) expect(dbHash(gold(entry(k)).state.dbs.agent!)).toMatch(/^[0-9a-f]{64}$/);
  });
  it("test_nl_assertion_count_matches_upstream", () => {
    const withNl = RETAIL().filter((k) => entry(k).scenario.nlAssertions.length > 0);
    for (const k of withNl) for (const a of entry(k).scenario.nlAssertions) expect(a.trim()).not.toBe("");
    expect(withNl).toHaveLength(40);
    expect(RETAIL().length - withNl.length).toBe(74);
  });
  it("test_task_57_chitchat_has_neither_signal", () => {
    const e = entry("tau2_retail__57");
    expect(e.scenario.nlAssertions).toEqual([]);
    const r = gold(e);
    expect(dbHash(r.state.dbs.agent!)).toBe(dbHash(e.scenario.initialDbs().agent!));
    expect(r.actions).toEqual([]);
  });
  it("test_task_16_has_one_nl_assertion", () => {
    const nl = entry("tau2_retail__16").scenario.nlAssertions;
    expect(nl).toHaveLength(1);
    expect(nl[0]).toContain("8,276.23");
  });
  it("test_agent_resources_lists_all_16_retail_tools_plus_end_call", () => {
    expect(new Set(entry("tau2_retail__0").domain.tools.agent.map((t) => t.name))).toEqual(
      new Set([
        "FindUserIdByNameZipTool",
        "FindUserIdByEmailTool",
        "GetOrderDetailsTool",
        "GetProductDetailsTool",
        "GetItemDetailsTool",
        "GetUserDetailsTool",
        "ListAllProductTypesTool",
        "CancelPendingOrderTool",
        "ExchangeDeliveredOrderItemsTool",
        "ModifyPendingOrderAddressTool",
        "ModifyPendingOrderItemsTool",
        "ModifyPendingOrderPaymentTool",
        "ModifyUserAddressTool",
        "ReturnDeliveredOrderItemsTool",
        "CalculateTool",
        "TransferToHumanAgentsTool",
        "EndConversationTool",
      ]),
    );
  });
  it("test_agent_prompt_is_policy_md_plus_voice_addendum", () => {
    const prompt = entry("tau2_retail__0").scenario.agentPrompt();
    expect(prompt.startsWith("# Retail agent policy")).toBe(true);
    expect(prompt).toContain("## Additional Notes to Follow");
    expect(prompt).toContain("EndConversationTool");
  });
  // The agent side's DB is the domain's db fixture (setup_shared_state's db_path tau2_retail/db.json).
  it("test_db_path_seeded_for_agent_side", () => {
    const e = entry("tau2_retail__0");
    expect(e.domain.fixtures!.files.filter((f) => f.kind === "db").map((f) => f.path)).toEqual(["db"]);
    expect(e.scenario.initialDbs().agent).toBeDefined();
    expect(e.scenario.initialDbs().user).toBeUndefined();
  });
  it("test_domain_attribute_is_tau2_retail", () => {
    expect(entry("tau2_retail__0").scenario.domain).toBe("tau2_retail");
    expect(entry("tau2_retail__0").domain.name).toBe("tau2_retail");
  });
});
