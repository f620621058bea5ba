/**
 * Expected values below were produced by running the reference helpers
 * (_check_sim_status, _simulate_network_search, _connect_vpn, _disconnect_vpn in
 * tau2_telecom_init_functions.py) on the same fixture states. More network-search
 * cases run through the `simulate_network_search` init function in init-functions.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  checkSimStatus,
  connectVpn,
  DEFAULT_VPN_DETAILS,
  disconnectVpn,
  simulateNetworkSearch,
} from "../../../src/domains/tau2_telecom/network.js";
import type { JsonObject } from "../../../src/json/types.js";
import { fixtureDb } from "./helpers.js";

const device = (db: JsonObject): JsonObject => db["device"] as JsonObject;
const connection = (db: JsonObject): JsonObject => {
  const d = device(db);
  return {
    network_connection_status: d["network_connection_status"] ?? null,
    network_technology_connected: d["network_technology_connected"] ?? null,
    network_signal_strength: d["network_signal_strength"] ?? null,
  };
};

describe("checkSimStatus", () => {
  it.each([
    [{}, "active"],
    [{ "device.sim_card_missing": true }, "missing"],
    [{ "device.sim_card_status": "locked_puk" }, "locked_puk"],
    [{ "device.sim_card_missing": true, "device.sim_card_status": "locked_pin" }, "missing"],
    [{ "device.sim_card_missing": 0, "device.sim_card_status": "weird" }, "weird"],
  ])("%j → %s", (set, status) => {
    expect(checkSimStatus(fixtureDb("user", set))).toBe(status);
  });
});

describe("simulateNetworkSearch", () => {
  it("falls back to 4G and a missing 4G signal reads none", () => {
    const db = fixtureDb("user", { "surroundings.signal_strength": { "5G": "none" } });
    simulateNetworkSearch(db);
    expect(connection(db)).toEqual({
      network_connection_status: "connected",
      network_technology_connected: "4G",
      network_signal_strength: "none",
    });
  });

  it("airplane mode overrides the SIM-derived state", () => {
    const db = fixtureDb("user", { "device.sim_card_missing": true, "device.airplane_mode": true });
    simulateNetworkSearch(db);
    expect(connection(db)).toEqual({
      network_connection_status: "no_service",
      network_technology_connected: "none",
      network_signal_strength: "none",
    });
  });
});

describe("VPN helpers", () => {
  it("connects with a fresh copy of the default details and leaves a connected VPN alone", () => {
    const db = fixtureDb("user");
    connectVpn(db);
    expect(device(db)["vpn_connected"]).toBe(true);
    expect(device(db)["vpn_details"]).toEqual({ server_address: "192.168.1.1", protocol: "OpenVPN", server_performance: "excellent" });
    (device(db)["vpn_details"] as JsonObject)["protocol"] = "X";
    connectVpn(db);
    expect(device(db)["vpn_details"]).toEqual({ server_address: "192.168.1.1", protocol: "X", server_performance: "excellent" });
    expect(DEFAULT_VPN_DETAILS["protocol"]).toBe("OpenVPN");
  });

  it("disconnects, and does nothing when already disconnected", () => {
    const db = fixtureDb("user");
    connectVpn(db);
    disconnectVpn(db);
    expect([device(db)["vpn_connected"], device(db)["vpn_details"]]).toEqual([false, null]);
    const stale = fixtureDb("user", { "device.vpn_details": { a: 1 } });
    disconnectVpn(stale);
    expect([device(stale)["vpn_connected"], device(stale)["vpn_details"]]).toEqual([false, { a: 1 }]);
  });
});
