/**
 * The user device's derived network state and VPN helpers, shared by the
 * user-side init functions, the user tools and the sync applier.
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { getItem, getOr, pyEquals, setItem, truthy } from "../../python/semantics.js";

/** VPN details written when a disconnected VPN is connected. */
export const DEFAULT_VPN_DETAILS: Readonly<JsonObject> = Object.freeze({
  server_address: "192.168.1.1",
  protocol: "OpenVPN",
  server_performance: "excellent",
});

/** `_check_sim_status`: an unseated SIM reads as `"missing"`, else the stored status. */
export function checkSimStatus(userDb: JsonObject): JsonValue {
  const device = getItem(userDb, "device");
  if (truthy(getItem(device, "sim_card_missing"))) return "missing";
  return getItem(device, "sim_card_status");
}

/** Technology and signal-strength key used for each network mode preference. */
const TECH_BY_PREFERENCE: Readonly<Record<string, string>> = {
  "4g_only": "4G",
  "3g_only": "3G",
  "2g_only": "2G",
};

function setConnection(device: JsonValue, status: string, technology: string, signal: JsonValue): void {
  setItem(device, "network_connection_status", status);
  setItem(device, "network_technology_connected", technology);
  setItem(device, "network_signal_strength", signal);
}

function connectBySim(device: JsonValue, signals: JsonValue): void {
  setItem(device, "network_connection_status", "connected");
  const pref = getItem(device, "network_mode_preference");
  if (pyEquals(pref, "4g_5g_preferred")) {
    const fiveG = getOr(signals, "5G", "none");
    if (pyEquals(fiveG, "none")) {
      setItem(device, "network_technology_connected", "4G");
      setItem(device, "network_signal_strength", getOr(signals, "4G", "none"));
    } else {
      setItem(device, "network_technology_connected", "5G");
      setItem(device, "network_signal_strength", fiveG);
    }
    return;
  }
  // Unknown preferences fall back to 4G, as the reference does.
  const tech = typeof pref === "string" && Object.hasOwn(TECH_BY_PREFERENCE, pref) ? (TECH_BY_PREFERENCE[pref] ?? "4G") : "4G";
  setItem(device, "network_technology_connected", tech);
  setItem(device, "network_signal_strength", getOr(signals, tech, "none"));
}

/**
 * `_simulate_network_search`: recompute connection status, technology and
 * signal from SIM state and preference, then force "no service" for airplane
 * mode, a broken APN or an inactive line. Reads happen in the reference's
 * order, so a malformed DB fails with the same exception after the same
 * partial writes.
 */
export function simulateNetworkSearch(userDb: JsonObject): void {
  const device = getItem(userDb, "device");
  const surroundings = getItem(userDb, "surroundings");
  const signals = getItem(surroundings, "signal_strength");
  if (pyEquals(checkSimStatus(userDb), "active")) connectBySim(device, signals);
  else setConnection(device, "no_service", "none", "none");

  if (truthy(getItem(device, "airplane_mode"))) setConnection(device, "no_service", "none", "none");
  if (pyEquals(getItem(getItem(device, "active_apn_settings"), "apn_name"), "broken")) {
    setConnection(device, "no_service", "none", "none");
  }
  if (!truthy(getItem(surroundings, "line_active"))) setConnection(device, "no_service", "none", "none");
}

/** `_disconnect_vpn`: no-op when already disconnected. */
export function disconnectVpn(userDb: JsonObject): void {
  const device = getItem(userDb, "device");
  if (!truthy(getItem(device, "vpn_connected"))) return;
  setItem(device, "vpn_connected", false);
  setItem(device, "vpn_details", null);
}

/** `_connect_vpn`: no-op when already connected; otherwise a fresh copy of the default details. */
export function connectVpn(userDb: JsonObject): void {
  const device = getItem(userDb, "device");
  if (truthy(getItem(device, "vpn_connected"))) return;
  setItem(device, "vpn_connected", true);
  setItem(device, "vpn_details", { ...DEFAULT_VPN_DETAILS });
}
