/**
 * The reference's tests/unit/test_tau2_telecom_sync.py: the telecom sync on
 * the reference test's small DBs, the delta applier, and where each domain's
 * sync lives. evalsim has no applier registry keyed by domain name: a domain
 * value carries its own sync and applier, and a domain without one never
 * syncs. The registry cases are translated onto that (see each case).
 */
import { describe, expect, it } from "vitest";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { applyTelecomSyncDelta, setDottedPath } from "../../src/domains/tau2_telecom/apply-delta.js";
import { tau2Telecom } from "../../src/domains/tau2_telecom/index.js";
import { syncTelecomState } from "../../src/domains/tau2_telecom/sync.js";
import { createRegistry } from "../../src/engine/registry.js";
import { runSync } from "../../src/engine/sync.js";
import type { Obj } from "./helpers.js";

function agentDb(): Obj {
  return {
    plans: [{ plan_id: "P1", data_limit_gb: 10.0, data_refueling_price_per_gb: 2.0, price_per_month: 50.0, name: "Plan One" }],
    customers: [{ customer_id: "C1", full_name: "Test User", phone_number: "555-0001", line_ids: ["L1"], bill_ids: ["B1"] }],
    lines: [
      {
        line_id: "L1",
        phone_number: "555-0001",
        status: "Active",
        plan_id: "P1",
        roaming_enabled: false,
        data_used_gb: 3.0,
        data_refueling_gb: 0.0,
        suspension_start_date: null,
      },
    ],
    bills: [{ bill_id: "B1", customer_id: "C1", status: "Issued", total_due: 50.0 }],
    devices: [],
  };
}

function userDb(phone_number: string | null = "555-0001"): Obj {
  return {
    device: {
      airplane_mode: false,
      sim_card_missing: false,
      sim_card_status: "Active",
      data_enabled: true,
      roaming_enabled: false,
      data_saver_mode: false,
      wifi_enabled: false,
      wifi_connected: false,
      wifi_ssid: null,
      wifi_signal_strength: "none",
      wifi_calling_enabled: false,
      wifi_calling_mms_over_wifi: false,
      vpn_enabled_setting: false,
      vpn_connected: false,
      vpn_details: null,
      battery_level: 80,
      network_mode_preference: "4g_5g_preferred",
      network_connection_status: "connected",
      network_technology_connected: "4G",
      network_signal_strength: "excellent",
      active_apn_settings: { apn_name: "default", mmsc_url: "http://mmsc.example.com", reset_at_reboot: false },
      app_statuses: {},
    },
    surroundings: {
      name: "Test User",
      phone_number,
      is_abroad: false,
      roaming_allowed: false,
      signal_strength: { "5G": "none", "4G": "excellent", "3G": "good", "2G": "fair" },
      mobile_data_usage_exceeded: false,
      line_active: true,
      payment_request: null,
    },
  };
}

const sync = (a: Obj, u: Obj): Obj => syncTelecomState(a, u);
const apply = (db: Obj, delta: Obj): string[] => applyTelecomSyncDelta(db, delta);
const NONE = { agent: {}, user: {} };

describe("sync_telecom_state", () => {
  it("test_sync_no_phone_number_is_noop", () => {
    expect(sync(agentDb(), userDb(null))).toEqual(NONE);
  });
  it("test_sync_no_matching_line_is_noop", () => {
    expect(sync(agentDb(), userDb("555-9999"))).toEqual(NONE);
  });
  it("test_sync_steady_state_produces_no_delta", () => {
    const [a, u] = [agentDb(), userDb()];
    sync(a, u);
    expect(sync(a, u)).toEqual(NONE);
  });
  it("test_sync_line_status_propagates_to_line_active", () => {
    const [a, u] = [agentDb(), userDb()];
    sync(a, u);
    a.lines[0].status = "Suspended";
    const d = sync(a, u);
    expect(d.user["surroundings.line_active"]).toBe(false);
    expect(d.agent).toEqual({});
    expect(u.surroundings.line_active).toBe(false);
  });
  it("test_sync_roaming_enabled_propagates_to_roaming_allowed", () => {
    const [a, u] = [agentDb(), userDb()];
    sync(a, u);
    a.lines[0].roaming_enabled = true;
    expect(sync(a, u).user["surroundings.roaming_allowed"]).toBe(true);
    expect(u.surroundings.roaming_allowed).toBe(true);
  });
  it("test_sync_data_usage_exceeded_propagates", () => {
    const [a, u] = [agentDb(), userDb()];
    sync(a, u);
    a.lines[0].data_used_gb = 11.0;
    expect(sync(a, u).user["surroundings.mobile_data_usage_exceeded"]).toBe(true);
    expect(u.surroundings.mobile_data_usage_exceeded).toBe(true);
  });
  it("test_sync_data_refueling_unblocks_exceeded", () => {
    const [a, u] = [agentDb(), userDb()];
    a.lines[0].data_used_gb = 11.0;
    sync(a, u);
    expect(u.surroundings.mobile_data_usage_exceeded).toBe(true);
    a.lines[0].data_refueling_gb = 5.0;
    expect(sync(a, u).user["surroundings.mobile_data_usage_exceeded"]).toBe(false);
    expect(u.surroundings.mobile_data_usage_exceeded).toBe(false);
  });
  it("test_sync_awaiting_payment_surfaces_to_user", () => {
    const [a, u] = [agentDb(), userDb()];
    sync(a, u);
    a.bills[0].status = "Awaiting Payment";
    const d = sync(a, u);
    expect(u.surroundings.payment_request).toEqual({ bill_id: "B1", amount_due: 50.0, paid: false });
    expect(d.user["surroundings.payment_request"].bill_id).toBe("B1");
  });
  it("test_sync_user_payment_propagates_back_to_agent", () => {
    const [a, u] = [agentDb(), userDb()];
    a.bills[0].status = "Awaiting Payment";
    u.surroundings.payment_request = { bill_id: "B1", amount_due: 50.0, paid: true };
    const d = sync(a, u);
    expect(a.bills[0].status).toBe("Paid");
    expect(d.agent["bills[B1].status"]).toBe("Paid");
    expect(u.surroundings.payment_request).toBeNull();
    expect(d.user["surroundings.payment_request"]).toBeNull();
  });
  it("test_sync_does_not_resurface_paid_bill", () => {
    const [a, u] = [agentDb(), userDb()];
    a.bills[0].status = "Awaiting Payment";
    u.surroundings.payment_request = { bill_id: "B1", amount_due: 50.0, paid: true };
    sync(a, u);
    expect(Object.keys(sync(a, u).user)).not.toContain("surroundings.payment_request");
    expect(u.surroundings.payment_request).toBeNull();
  });
});

describe("apply_telecom_sync_delta", () => {
  it("test_apply_telecom_dotted_path_sets_surroundings", () => {
    const u = userDb();
    apply(u, { "surroundings.line_active": false });
    expect(u.surroundings.line_active).toBe(false);
  });
  it("test_apply_telecom_bills_path_sets_bill_status", () => {
    const a = agentDb();
    apply(a, { "bills[B1].status": "Paid" });
    expect(a.bills[0].status).toBe("Paid");
  });
  it("test_apply_telecom_bills_path_missing_bill_is_no_op", () => {
    const a = agentDb();
    expect(apply(a, { "bills[NOT_EXIST].status": "Paid" })).toEqual([]);
    expect(a.bills[0].status).not.toBe("Paid");
  });
  it("test_apply_telecom_surroundings_change_triggers_network_search", () => {
    const u = userDb();
    expect(u.device.network_connection_status).toBe("connected");
    apply(u, { "surroundings.line_active": false });
    expect(u.device.network_connection_status).toBe("no_service");
    expect(u.device.network_technology_connected).toBe("none");
  });
  it("test_apply_telecom_agent_delta_does_not_crash_without_user_state", () => {
    const a = agentDb();
    expect(apply(a, { "bills[B1].status": "Paid" })).toEqual([]);
    expect(a.bills[0].status).toBe("Paid");
  });
});

describe("appliers (evalsim: the domain's own sync value)", () => {
  // The reference's default applier sets dotted paths; evalsim's telecom applier
  // falls back to the same dotted-path setter for keys of no other shape.
  it("test_default_applier_dotted_path", () => {
    const db: Obj = { a: { b: { c: 1 } } };
    setDottedPath(db, "a.b.c", 99);
    expect(db.a.b.c).toBe(99);
  });
  it("test_default_applier_top_level_key", () => {
    const db: Obj = { flag: false };
    setDottedPath(db, "flag", true);
    expect(db.flag).toBe(true);
  });
  it("test_apply_sync_delta_routes_to_registered_applier", () => {
    const u = userDb();
    tau2Telecom.sync!.applyDelta(u, { "surroundings.line_active": false });
    expect(u.surroundings.line_active).toBe(false);
    expect(u.device.network_connection_status).toBe("no_service");
  });
  it("test_apply_sync_delta_empty_delta_is_noop", () => {
    const db: Obj = { x: 1 };
    expect(tau2Telecom.sync!.applyDelta(db, {})).toEqual([]);
    expect(db).toEqual({ x: 1 });
  });
  // The reference logs an applier's exception and goes on; evalsim's telecom
  // applier returns that log line instead of raising.
  it("test_apply_sync_delta_swallows_applier_exception", () => {
    const errors = tau2Telecom.sync!.applyDelta({}, { "k.v": "v" });
    expect(errors).toHaveLength(1);
  });
  // Registration is by domain value: two domains of one name refuse to register.
  it("test_register_sync_applier_collision_raises", () => {
    expect(() => createRegistry([tau2Telecom, { ...tau2Telecom }])).toThrow(/duplicate domain 'tau2_telecom'/);
  });
});

describe("scenario sync contract", () => {
  const state = (agent: Obj, user: Obj) => ({ dbs: { agent: agent, user: user }, actions: [], callCounts: {} });
  it("test_base_scenario_sync_state_is_noop", () => {
    const plain = { ...evaAirline, name: "stub" };
    expect(runSync(plain, state({}, {})).deltas).toEqual({});
  });
  it("test_eva_airline_scenario_inherits_noop_sync_state", () => {
    expect(evaAirline.sync).toBeUndefined();
    expect(runSync(evaAirline, state({}, {})).deltas).toEqual({});
  });
  it("test_tau2_telecom_scenario_overrides_sync_state", () => {
    const a = agentDb();
    a.lines[0].roaming_enabled = true;
    const out = runSync(tau2Telecom, state(a, userDb()));
    expect((out.deltas.user as Obj)["surroundings.roaming_allowed"]).toBe(true);
  });
  it("test_tau2_telecom_override_distinct_from_base", () => {
    expect(tau2Telecom.sync).toBeDefined();
    expect(evaAirline.sync).toBeUndefined();
  });
});
