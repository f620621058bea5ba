/**
 * The reference's tests/unit/test_tau2_telecom_init_functions.py: every
 * telecom initialization function called directly on fresh fixture DBs, the
 * failure modes, the registry, and dispatch through the initialization
 * replayer. Expected fields and error matches are the reference test's own.
 */
import { describe, expect, it } from "vitest";
import { applyInitializationActions } from "../../src/engine/assertions.js";
import { telecomInitFunctions } from "../../src/domains/tau2_telecom/init-functions.js";
import { TELECOM_INIT_ORIGIN } from "../../src/domains/tau2_telecom/origins.js";
import { canSendMms, mobileDataWorking } from "../../src/domains/tau2_telecom/predicates.js";
import { fixtureDb } from "../domains/tau2_telecom/helpers.js";
import { expectRaises, type Obj } from "./helpers.js";

const CTX = { today: "2025-02-25" };
const userDb = (): Obj => fixtureDb("user");
const agentDb = (): Obj => fixtureDb("agent");
const init = (name: string, db: Obj, args: Obj = {}): void => telecomInitFunctions[name]!(db, args, CTX);
const working = (db: Obj): boolean => mobileDataWorking(db);
const mms = (db: Obj): boolean => canSendMms(db);

describe("user-side field setters", () => {
  it("test_set_user_info", () => {
    const db = userDb();
    init("set_user_info", db, { name: "John Smith", phone_number: "555-123-2002" });
    expect(db.surroundings.name).toBe("John Smith");
    expect(db.surroundings.phone_number).toBe("555-123-2002");
  });
  it("test_set_user_location_abroad", () => {
    const db = userDb();
    init("set_user_location", db, { abroad: true });
    expect(db.surroundings.is_abroad).toBe(true);
    init("set_user_location", db, { abroad: false });
    expect(db.surroundings.is_abroad).toBe(false);
  });
  it("test_set_network_mode_preference_valid", () => {
    const db = userDb();
    init("set_network_mode_preference", db, { mode: "2g_only" });
    expect(db.device.network_mode_preference).toBe("2g_only");
    expect(db.device.network_technology_connected).toBe("2G");
  });
  it("test_set_network_mode_preference_invalid_raises", () => {
    expectRaises(() => init("set_network_mode_preference", userDb(), { mode: "bogus_mode_string" }), "ValueError");
  });
});

describe("user-side toggles", () => {
  it("test_turn_airplane_mode_on", () => {
    const db = userDb();
    db.device.vpn_connected = true;
    db.device.vpn_details = { server_address: "x", protocol: "y", server_performance: "excellent" };
    init("turn_airplane_mode_on", db);
    const d = db.device;
    expect(d.airplane_mode).toBe(true);
    expect(d.wifi_connected).toBe(false);
    expect(d.wifi_ssid).toBeNull();
    expect(d.wifi_signal_strength).toBe("none");
    expect(d.vpn_connected).toBe(false);
    expect(d.vpn_details).toBeNull();
    expect(d.network_connection_status).toBe("no_service");
    expect(d.network_technology_connected).toBe("none");
    expect(d.network_signal_strength).toBe("none");
  });
  it("test_turn_data_off", () => {
    const db = userDb();
    init("turn_data_off", db);
    expect(db.device.data_enabled).toBe(false);
    expect(working(db)).toBe(false);
  });
  it("test_turn_roaming_on_and_off", () => {
    const db = userDb();
    init("turn_roaming_on", db);
    expect(db.device.roaming_enabled).toBe(true);
    init("turn_roaming_off", db);
    expect(db.device.roaming_enabled).toBe(false);
  });
  it("test_turn_data_saver_mode_on", () => {
    const db = userDb();
    init("turn_data_saver_mode_on", db);
    expect(db.device.data_saver_mode).toBe(true);
  });
  it("test_simulate_network_search_with_active_sim", () => {
    const db = userDb();
    init("simulate_network_search", db);
    expect(db.device.network_connection_status).toBe("connected");
    expect(db.device.network_technology_connected).toBe("5G");
    expect(db.device.network_signal_strength).toBe("excellent");
  });
});

describe("SIM / APN / VPN / wifi calling", () => {
  it("test_unseat_sim_card", () => {
    const db = userDb();
    init("unseat_sim_card", db);
    expect(db.device.sim_card_missing).toBe(true);
    expect(db.device.network_connection_status).toBe("no_service");
  });
  it("test_lock_sim_card_pin", () => {
    const db = userDb();
    init("lock_sim_card", db, { mode: "pin" });
    expect(db.device.sim_card_status).toBe("locked_pin");
    expect(db.device.network_connection_status).toBe("no_service");
  });
  it("test_lock_sim_card_puk", () => {
    const db = userDb();
    init("lock_sim_card", db, { mode: "puk" });
    expect(db.device.sim_card_status).toBe("locked_puk");
  });
  it("test_lock_sim_card_invalid_mode_raises", () => {
    expectRaises(() => init("lock_sim_card", userDb(), { mode: "other" }), "ValueError", /must be 'pin' or 'puk'/);
  });
  it("test_break_apn_settings", () => {
    const db = userDb();
    init("break_apn_settings", db);
    expect(db.device.active_apn_settings.apn_name).toBe("broken");
    expect(db.device.network_connection_status).toBe("no_service");
  });
  it("test_break_apn_mms_setting_drops_mmsc_url", () => {
    const db = userDb();
    init("break_apn_mms_setting", db);
    expect(db.device.active_apn_settings.mmsc_url).toBeNull();
    expect(mms(db)).toBe(false);
    expect(working(db)).toBe(true);
  });
  it("test_break_vpn_connects_with_poor_perf", () => {
    const db = userDb();
    expect(db.device.vpn_connected).toBe(false);
    init("break_vpn", db);
    expect(db.device.vpn_connected).toBe(true);
    expect(db.device.vpn_details).not.toBeNull();
    expect(db.device.vpn_details.server_performance).toBe("poor");
  });
  it("test_set_wifi_calling_enable_only", () => {
    const db = userDb();
    init("set_wifi_calling", db, { enabled: true });
    expect(db.device.wifi_calling_enabled).toBe(true);
    expect(db.device.wifi_calling_mms_over_wifi).toBe(false);
  });
  it("test_set_wifi_calling_with_mms_over_wifi", () => {
    const db = userDb();
    init("set_wifi_calling", db, { enabled: true, mms_over_wifi: true });
    expect(db.device.wifi_calling_enabled).toBe(true);
    expect(db.device.wifi_calling_mms_over_wifi).toBe(true);
    expect(mms(db)).toBe(false);
  });
});

describe("application permissions", () => {
  it("test_remove_app_permission_clears_flag", () => {
    const db = userDb();
    expect(db.device.app_statuses.messaging.permissions.sms).toBe(true);
    init("remove_app_permission", db, { app_name: "messaging", permission: "sms" });
    expect(db.device.app_statuses.messaging.permissions.sms).toBe(false);
    expect(mms(db)).toBe(false);
  });
  it("test_remove_app_permission_case_insensitive", () => {
    const db = userDb();
    init("remove_app_permission", db, { app_name: "messaging", permission: "SMS" });
    expect(db.device.app_statuses.messaging.permissions.sms).toBe(false);
  });
  it("test_remove_app_permission_unknown_app_is_noop", () => {
    const db = userDb();
    const before = structuredClone(db.device.app_statuses);
    init("remove_app_permission", db, { app_name: "DOES_NOT_EXIST", permission: "sms" });
    expect(db.device.app_statuses).toEqual(before);
  });
  it("test_remove_app_permission_unknown_permission_is_noop", () => {
    const db = userDb();
    const before = structuredClone(db.device.app_statuses.messaging);
    init("remove_app_permission", db, { app_name: "messaging", permission: "bogus" });
    expect(db.device.app_statuses.messaging).toEqual(before);
  });
});

function firstLineWithCustomer(db: Obj): [string, string] {
  const c = (db.customers as Obj[]).find((x) => (x.line_ids as string[] | undefined)?.length);
  return [c!.customer_id, c!.line_ids[0]];
}
const lineOf = (db: Obj, id: string): Obj => (db.lines as Obj[]).find((l) => l.line_id === id)!;
/** A customer with a line and no bill that is already Overdue. */
function customerWithoutOverdue(db: Obj): Obj {
  return (db.customers as Obj[]).find(
    (c) =>
      (c.line_ids as string[] | undefined)?.length &&
      !((c.bill_ids as string[] | undefined) ?? []).some((bid) => (db.bills as Obj[]).find((b) => b.bill_id === bid)?.status === "Overdue"),
  )!;
}

describe("agent-side init functions", () => {
  it("test_enable_roaming", () => {
    const db = agentDb();
    const [customer_id, line_id] = firstLineWithCustomer(db);
    init("enable_roaming", db, { customer_id, line_id });
    expect(lineOf(db, line_id).roaming_enabled).toBe(true);
  });
  it("test_disable_roaming", () => {
    const db = agentDb();
    const [customer_id, line_id] = firstLineWithCustomer(db);
    init("enable_roaming", db, { customer_id, line_id });
    init("disable_roaming", db, { customer_id, line_id });
    expect(lineOf(db, line_id).roaming_enabled).toBe(false);
  });
  it("test_enable_roaming_missing_line_raises", () => {
    expectRaises(() => init("enable_roaming", agentDb(), { customer_id: "C1001", line_id: "L_FAKE" }), "ValueError", /line .* not found/);
  });
  it("test_set_data_usage", () => {
    const db = agentDb();
    const [customer_id, line_id] = firstLineWithCustomer(db);
    init("set_data_usage", db, { customer_id, line_id, data_used_gb: 7.5 });
    expect(lineOf(db, line_id).data_used_gb).toBe(7.5);
  });
  it("test_set_data_usage_missing_line_raises", () => {
    expectRaises(
      () => init("set_data_usage", agentDb(), { customer_id: "C1001", line_id: "L_FAKE", data_used_gb: 1.0 }),
      "ValueError",
      /line .* not found/,
    );
  });
  it("test_suspend_line_for_overdue_bill_creates_new_overdue_bill", () => {
    const db = agentDb();
    const customer = customerWithoutOverdue(db);
    const line_id = customer.line_ids[0] as string;
    lineOf(db, line_id).status = "Active";
    const args = { customer_id: customer.customer_id, line_id, new_bill_id: "B_NEW_OVERDUE", contract_ended: false };
    init("suspend_line_for_overdue_bill", db, args);
    expect(lineOf(db, line_id).status).toBe("Suspended");
    expect((db.bills as Obj[]).find((b) => b.bill_id === "B_NEW_OVERDUE")!.status).toBe("Overdue");
    expect(customer.bill_ids).toContain("B_NEW_OVERDUE");
  });
  it("test_suspend_line_for_overdue_bill_contract_ended_sets_contract_end_date", () => {
    const db = agentDb();
    const customer = customerWithoutOverdue(db);
    const line_id = customer.line_ids[0] as string;
    lineOf(db, line_id).status = "Active";
    init("suspend_line_for_overdue_bill", db, { customer_id: customer.customer_id, line_id, new_bill_id: "B_ENDED", contract_ended: true });
    expect(lineOf(db, line_id).status).toBe("Suspended");
    expect(lineOf(db, line_id).contract_end_date).not.toBeNull();
  });
  it("test_suspend_line_for_overdue_bill_inactive_line_raises", () => {
    const db = agentDb();
    const [customer_id, line_id] = firstLineWithCustomer(db);
    lineOf(db, line_id).status = "Suspended";
    expectRaises(() => init("suspend_line_for_overdue_bill", db, { customer_id, line_id, new_bill_id: "B_NOPE" }), "ValueError", /must be active/);
  });
});

describe("framework integration", () => {
  it("test_all_twenty_init_functions_registered", () => {
    expect(new Set(Object.keys(telecomInitFunctions))).toEqual(
      new Set([
        "set_user_info",
        "set_user_location",
        "set_network_mode_preference",
        "simulate_network_search",
        "turn_airplane_mode_on",
        "turn_data_off",
        "turn_data_saver_mode_on",
        "turn_roaming_on",
        "turn_roaming_off",
        "unseat_sim_card",
        "lock_sim_card",
        "break_apn_settings",
        "break_apn_mms_setting",
        "break_vpn",
        "set_wifi_calling",
        "remove_app_permission",
        "enable_roaming",
        "disable_roaming",
        "set_data_usage",
        "suspend_line_for_overdue_bill",
      ]),
    );
  });
  it("test_apply_initialization_actions_dispatches_data_mode_off_init", () => {
    const db = userDb();
    const actions = [
      { func_name: "set_user_info", arguments: { name: "John Smith", phone_number: "555-123-2002" } },
      { func_name: "turn_airplane_mode_on", arguments: {} },
      { func_name: "turn_data_off", arguments: {} },
    ];
    expect(applyInitializationActions(telecomInitFunctions, actions, db, CTX, TELECOM_INIT_ORIGIN)).toEqual({
      success: true,
      errors: [],
    });
    expect(db.surroundings.name).toBe("John Smith");
    expect(db.device.airplane_mode).toBe(true);
    expect(db.device.data_enabled).toBe(false);
    expect(working(db)).toBe(false);
  });
  it("test_apply_initialization_actions_propagates_per_action_failure", () => {
    const actions = [{ func_name: "enable_roaming", arguments: { customer_id: "C1001", line_id: "L_FAKE" } }];
    const result = applyInitializationActions(telecomInitFunctions, actions, agentDb(), CTX, TELECOM_INIT_ORIGIN);
    expect(result.success).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain("L_FAKE");
  });
});
