import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { applyInitializationActions } from "../../../src/engine/assertions.js";
import { TELECOM_INIT_ORIGIN } from "../../../src/domains/tau2_telecom/origins.js";
import { telecomInitFunctions } from "../../../src/domains/tau2_telecom/init-functions.js";
import { INIT_CASES } from "./cases/init-cases.js";
import { changes, fixtureDb } from "./helpers.js";

const TODAY = "2025-02-25";

describe("telecom init functions match the reference", () => {
  it("registers the reference's 20 functions", () => {
    // sorted(ALL_INITIALIZATION_FUNCTIONS["tau2_telecom"]) in the reference.
    expect(Object.keys(telecomInitFunctions).sort()).toEqual([
      "break_apn_mms_setting",
      "break_apn_settings",
      "break_vpn",
      "disable_roaming",
      "enable_roaming",
      "lock_sim_card",
      "remove_app_permission",
      "set_data_usage",
      "set_network_mode_preference",
      "set_user_info",
      "set_user_location",
      "set_wifi_calling",
      "simulate_network_search",
      "suspend_line_for_overdue_bill",
      "turn_airplane_mode_on",
      "turn_data_off",
      "turn_data_saver_mode_on",
      "turn_roaming_off",
      "turn_roaming_on",
      "unseat_sim_card",
    ]);
  });

  it("covers every function with at least one case", () => {
    const used = new Set(INIT_CASES.flatMap((c) => c.actions.map((a) => a["func_name"])));
    for (const name of Object.keys(telecomInitFunctions)) expect(used).toContain(name);
  });

  for (const c of INIT_CASES) {
    it(c.label, () => {
      const db = fixtureDb(c.side, c.set);
      const before = structuredClone(db);
      const result = applyInitializationActions(telecomInitFunctions, c.actions, db, { today: c.today ?? TODAY }, TELECOM_INIT_ORIGIN);
      expect(result).toEqual({ success: c.expect.errors.length === 0, errors: c.expect.errors });
      expect(changes(before, db)).toEqual(c.expect.changes);
    });
  }

  it("works on an immer draft exactly as on a plain object", () => {
    for (const c of INIT_CASES) {
      const base = fixtureDb(c.side, c.set);
      let errors: string[] = [];
      const next = produce(base, (draft) => {
        errors = applyInitializationActions(telecomInitFunctions, c.actions, draft, { today: c.today ?? TODAY }, TELECOM_INIT_ORIGIN).errors;
      });
      expect(errors, c.label).toEqual(c.expect.errors);
      expect(changes(base, next), c.label).toEqual(c.expect.changes);
    }
  });

  it("fails at once without a DB", () => {
    // The reference's message for `db=None` (initialization_functions.py).
    expect(applyInitializationActions(telecomInitFunctions, [{ func_name: "turn_data_off" }], null, { today: TODAY }, TELECOM_INIT_ORIGIN)).toEqual({
      success: false,
      errors: [
        "No db provided to apply_initialization_actions; the bot handler is responsible for selecting shared_state['db'] (agent side) or shared_state['user_db'] (user side) and passing it here.",
      ],
    });
  });
});
