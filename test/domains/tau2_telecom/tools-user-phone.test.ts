/**
 * The 30 telecom phone tools, one behaviour at a time. Expected strings are
 * the NeMo reference tools' replies on the fixture phone DB (run through their
 * `invoke`), copied here character for character.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import type { Session } from "./telecom-harness.js";
import { fixtureDb, session, setPath } from "./telecom-harness.js";

/** The fixture phone, optionally with some fields changed first. */
function phone(patch: Record<string, JsonValue> = {}): Session {
  const db = fixtureDb("user");
  for (const [path, value] of Object.entries(patch)) setPath(db, path, value);
  return session("user", db);
}

const BAR = "Status Bar: 📶³ Good | 5G | 📱 Data Enabled | 🔋 80%";
// After any network search the fixture phone picks up the 5G signal of its surroundings.
const BAR_AFTER_SEARCH = "Status Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 80%";

function recorded(s: Session, name: string, args: JsonObject = {}): { result: JsonValue; records: JsonObject[] } {
  const outcome = s.call(name, args);
  expect(outcome.status).toBe("ok");
  return { result: outcome.result, records: outcome.records.map(({ side: _side, ...r }) => r) };
}

/** A reply that changes nothing and records nothing. */
function refusal(s: Session, name: string, args: JsonObject = {}): JsonValue {
  const before = dbHash(s.db());
  const outcome = s.call(name, args);
  expect(outcome.status).toBe("ok");
  expect(outcome.records).toEqual([]);
  expect(dbHash(s.db())).toBe(before);
  return outcome.result;
}

describe("toggles record the new state and show the status bar", () => {
  it("toggle_data", () => {
    const s = phone();
    expect(recorded(s, "toggle_data")).toEqual({
      result: "Mobile Data is now OFF.\nStatus Bar: 📶⁴ Excellent | 5G | 📵 Data Disabled | 🔋 80%",
      records: [{ action_type: "toggle_data", name: "toggle_data", arguments: {}, result: { data_enabled: false } }],
    });
    expect(s.call("toggle_data").result).toBe(`Mobile Data is now ON.\n${BAR_AFTER_SEARCH}`);
  });

  it("toggle_roaming", () => {
    const s = phone();
    expect(recorded(s, "toggle_roaming").records[0]?.["result"]).toEqual({ roaming_enabled: true });
    expect(s.call("toggle_roaming").result).toBe(`Data Roaming is now OFF.\n${BAR_AFTER_SEARCH}`);
  });

  it("toggle_data_saver_mode (no network search)", () => {
    const s = phone();
    expect(s.call("toggle_data_saver_mode").result).toBe("Data Saver Mode is now ON.\nStatus Bar: 📶³ Good | 5G | 📱 Data Enabled | 🔽 Data Saver | 🔋 80%");
    expect(s.call("check_data_restriction_status").result).toBe("Data Saver mode is ON (limits data usage).");
  });

  it("toggle_wifi_calling", () => {
    const s = phone();
    expect(recorded(s, "toggle_wifi_calling")).toEqual({
      result: `Wi-Fi Calling is now ON.\n${BAR}`,
      records: [{ action_type: "toggle_wifi_calling", name: "toggle_wifi_calling", arguments: {}, result: { wifi_calling_enabled: true } }],
    });
    expect(s.call("check_wifi_calling_status").result).toBe("Wi-Fi Calling is currently turned ON.");
  });

  it("toggle_wifi, and its refusal in airplane mode", () => {
    const s = phone({ "device.wifi_enabled": true, "device.wifi_connected": true, "device.wifi_ssid": "Cafe", "device.wifi_signal_strength": "good" });
    expect(s.call("check_status_bar").result).toBe("Status Bar: 📶³ Good | 5G | 📱 Data Enabled | 📡 Connected to Cafe | 🔋 80%");
    expect(s.call("toggle_wifi").result).toBe(`Wi-Fi is now OFF.\n${BAR}`);
    expect(s.call("check_wifi_status").result).toBe("Wi-Fi is turned OFF.");
    const flying = phone({ "device.airplane_mode": true });
    expect(refusal(flying, "toggle_wifi")).toBe("Cannot change Wi-Fi settings while Airplane Mode is ON.\nStatus Bar: ✈️ Airplane Mode | 🔋 80%");
  });

  it("toggle_airplane_mode drops Wi-Fi and the VPN, and searches again when turned off", () => {
    const s = phone({
      "device.wifi_enabled": true,
      "device.wifi_connected": true,
      "device.wifi_ssid": "Cafe",
      "device.vpn_connected": true,
      "device.vpn_details": { server_address: "192.168.1.1", protocol: "OpenVPN", server_performance: "excellent" },
    });
    expect(recorded(s, "toggle_airplane_mode")).toEqual({
      result: "Airplane Mode is now ON.\nStatus Bar: ✈️ Airplane Mode | 🔋 80%",
      records: [{ action_type: "toggle_airplane_mode", name: "toggle_airplane_mode", arguments: {}, result: { airplane_mode: true } }],
    });
    expect(s.call("check_network_status").result).toBe(
      "Airplane Mode: ON\nSIM Card Status: active\nCellular Connection: no_service\nCellular Signal: none\nCellular Network Type: none\nMobile Data Enabled: Yes\nData Roaming Enabled: No\nWi-Fi Radio: ON\nWi-Fi Connected: No",
    );
    expect(s.call("check_vpn_status").result).toBe("VPN is turned OFF.");
    expect(s.call("toggle_airplane_mode").result).toBe(`Airplane Mode is now OFF.\n${BAR_AFTER_SEARCH}`);
  });
});

describe("inspections", () => {
  it("read the fixture phone", () => {
    const s = phone();
    const before = dbHash(s.db());
    const replies: Record<string, string> = {
      check_status_bar: BAR,
      run_speed_test: "Speed Test Result: 220.00 Mbps (Excellent). Connection is very fast.",
      check_network_status:
        "Airplane Mode: OFF\nSIM Card Status: active\nCellular Connection: connected\nCellular Signal: good\nCellular Network Type: 5G\nMobile Data Enabled: Yes\nData Roaming Enabled: No\nWi-Fi Radio: OFF\nWi-Fi Connected: No",
      check_network_mode_preference: "Network Mode Preference: 4g_5g_preferred",
      check_sim_status: "Your SIM card is active and working.",
      check_data_restriction_status: "Data Saver mode is OFF.",
      check_apn_settings:
        "Current APN Name: internet\nMMSC URL (for picture messages): http://mms.carrier.com/mms/wapenc\n(These are technical settings, usually best left unchanged.)",
      check_wifi_status: "Wi-Fi is turned OFF.",
      check_wifi_calling_status: "Wi-Fi Calling is currently turned OFF.",
      check_vpn_status: "VPN is turned OFF.",
      check_installed_apps: "The following apps are installed on the phone: messaging, browser",
      can_send_mms: "Your messaging app can send MMS messages.",
      check_payment_request: "No payment request has been made.",
    };
    for (const [name, reply] of Object.entries(replies)) {
      const outcome = s.call(name);
      expect(outcome.result, name).toBe(reply);
      expect(outcome.records, name).toEqual([]);
    }
    expect(s.call("check_app_status", { app_name: "messaging" }).result).toBe(
      "Status for App: messaging\n - Permissions Granted:\n   - sms\n   - storage\n   - phone",
    );
    expect(s.call("check_app_permissions", { app_name: "messaging" }).result).toBe("App 'messaging' has permission for: sms, storage, phone.");
    expect(s.call("check_app_status", { app_name: "camera" }).result).toBe("App 'camera' not found on this phone.");
    // Only the app table's own keys count as apps.
    expect(s.call("check_app_permissions", { app_name: "constructor" }).result).toBe("App 'constructor' not found on this phone.");
    expect(dbHash(s.db())).toBe(before);
  });

  it("read a phone in trouble", () => {
    const s = phone({
      "device.airplane_mode": true,
      "device.sim_card_missing": true,
      "device.wifi_enabled": true,
      "device.wifi_connected": true,
      "device.wifi_ssid": "HomeNet",
      "device.wifi_signal_strength": "good",
      "device.vpn_connected": true,
      "device.vpn_details": { server_address: "10.0.0.1", protocol: "WireGuard", server_performance: "poor" },
      "device.active_apn_settings.mmsc_url": null,
      "device.battery_level": 7,
      "surroundings.payment_request": { bill_id: "B1002", amount_due: 150.0, paid: false },
    });
    expect(s.call("check_status_bar").result).toBe("Status Bar: ✈️ Airplane Mode | 📡 Connected to HomeNet | 🔒 VPN Connected | 🔋 7%");
    expect(s.call("run_speed_test").result).toBe("Speed test failed: No Connection.");
    expect(s.call("check_sim_status").result).toBe("No SIM card detected in the phone.");
    expect(s.call("check_wifi_status").result).toBe("Wi-Fi is ON and connected to 'HomeNet'. Signal strength: good.");
    expect(s.call("check_vpn_status").result).toBe(
      "VPN is ON and connected. Details: {'server_address': '10.0.0.1', 'protocol': 'WireGuard', 'server_performance': 'poor'}",
    );
    expect(s.call("check_apn_settings").result).toBe(
      "Current APN Name: internet\nMMSC URL (for picture messages): Not Set\n(These are technical settings, usually best left unchanged.)",
    );
    expect(s.call("can_send_mms").result).toBe("Your messaging app cannot send MMS messages.");
    expect(s.call("check_payment_request").result).toBe("You have a payment request for bill B1002 of 150.0 USD.");
  });

  it("check_sim_status and check_vpn_status variants", () => {
    expect(phone({ "device.sim_card_status": "locked_puk" }).call("check_sim_status").result).toBe("The SIM card is locked with a PUK code.");
    expect(phone({ "device.sim_card_status": "weird" }).call("check_sim_status").result).toBe("Unknown SIM status: weird");
    expect(phone({ "device.vpn_enabled_setting": true }).call("check_vpn_status").result).toBe(
      "VPN is turned ON in settings, but currently not connected.",
    );
    // An empty details dict is falsy in Python.
    expect(phone({ "device.vpn_connected": true, "device.vpn_details": {} }).call("check_vpn_status").result).toBe(
      "VPN is ON and connected (no specific details available).",
    );
  });

  it("run_speed_test follows technology, signal, data saver and a poor VPN", () => {
    const s = phone();
    s.call("toggle_data_saver_mode");
    expect(s.call("run_speed_test").result).toBe(
      "Speed Test Result: 44.00 Mbps (Good). Connection is good for most activities, including HD streaming.",
    );
    s.call("set_network_mode_preference", { mode: "2g_only" });
    expect(s.call("run_speed_test").result).toBe(
      "Speed Test Result: 0.01 Mbps (Very Poor). Connection is very slow. Basic web browsing might be difficult.",
    );
    const vpn = phone({ "device.vpn_connected": true, "device.vpn_details": { server_address: "1.2.3.4", protocol: "OpenVPN", server_performance: "poor" } });
    expect(vpn.call("run_speed_test").result).toBe(
      "Speed Test Result: 22.00 Mbps (Fair). Connection is okay for web browsing and some standard definition streaming.",
    );
  });

  it("can_send_mms needs roaming when abroad and no MMS over Wi-Fi calling", () => {
    const abroad = phone({ "surroundings.is_abroad": true, "surroundings.roaming_allowed": true });
    expect(abroad.call("can_send_mms").result).toBe("Your messaging app cannot send MMS messages.");
    abroad.call("toggle_roaming");
    expect(abroad.call("can_send_mms").result).toBe("Your messaging app can send MMS messages.");
    const wifiCalling = phone({ "device.wifi_calling_enabled": true, "device.wifi_calling_mms_over_wifi": true });
    expect(wifiCalling.call("can_send_mms").result).toBe("Your messaging app cannot send MMS messages.");
  });

  it("app permissions: none granted, and underscores shown as spaces", () => {
    const s = phone({
      "device.app_statuses.messaging.permissions": { sms: false, storage: false, phone: false, network: false },
      "device.app_statuses.files": { app_name: "files", permissions: { read_media: false, Write_Access: true } },
    });
    expect(s.call("check_app_status", { app_name: "messaging" }).result).toBe("Status for App: messaging\n - Permissions: None granted.");
    expect(s.call("check_app_permissions", { app_name: "messaging" }).result).toBe("App 'messaging' currently has no permissions granted.");
    expect(s.call("check_app_permissions", { app_name: "files" }).result).toBe("App 'files' has permission for: write access.");
  });
});

describe("repairs and settings", () => {
  it("set_network_mode_preference accepts the four modes and refuses anything else in its reply", () => {
    const s = phone();
    expect(recorded(s, "set_network_mode_preference", { mode: "3g_only" })).toEqual({
      result: "Preferred Network Mode set to: 3g_only\nStatus Bar: 📶² Fair | 3G | 📱 Data Enabled | 🔋 80%",
      records: [
        {
          action_type: "set_network_mode_preference",
          name: "set_network_mode_preference",
          arguments: { mode: "3g_only" },
          result: { network_mode_preference: "3g_only" },
        },
      ],
    });
    expect(refusal(s, "set_network_mode_preference", { mode: "4G_ONLY" })).toBe(
      "Failed to set network mode: '4G_ONLY' is not a valid option. Please use one of: 4g_5g_preferred, 4g_only, 3g_only, 2g_only\nStatus Bar: 📶² Fair | 3G | 📱 Data Enabled | 🔋 80%",
    );
  });

  it("reseat_sim_card restores service", () => {
    const s = phone({ "device.sim_card_missing": true, "device.network_connection_status": "no_service" });
    expect(recorded(s, "reseat_sim_card")).toEqual({
      result: `SIM card re-seated successfully.\n${BAR_AFTER_SEARCH}`,
      records: [{ action_type: "reseat_sim_card", name: "reseat_sim_card", arguments: {}, result: { sim_card_missing: false } }],
    });
  });

  it("set_apn_settings validates like APNSettings and records the raw arguments", () => {
    const s = phone();
    expect(recorded(s, "set_apn_settings", { apn_settings: { apn_name: "internet", mmsc_url: null, mms_port: "8080", reset_at_reboot: "yes" } })).toEqual({
      result: `APN settings set to: internet\n${BAR_AFTER_SEARCH}`,
      records: [
        {
          action_type: "set_apn_settings",
          name: "set_apn_settings",
          arguments: { apn_settings: { apn_name: "internet", mmsc_url: null, mms_port: "8080", reset_at_reboot: "yes" } },
          result: { apn_name: "internet", reset_at_reboot: true, mms_apn: "mms", mmsc_url: null, mms_proxy: null, mms_port: 8080 },
        },
      ],
    });
    const before = s.db();
    const bad = s.call("set_apn_settings", { apn_settings: { apn_name: "INTERNET" } });
    expect(bad.result).toEqual({
      status: "error",
      error_type: "invalid_arguments",
      message:
        "1 validation error for APNSettings\napn_name\n  Input should be 'internet' or 'broken' [type=enum, input_value='INTERNET', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/enum",
    });
    expect(s.db()).toBe(before);
  });

  it("a broken APN cuts service until reset_apn_settings and a reboot", () => {
    const s = phone();
    expect(s.call("set_apn_settings", { apn_settings: { apn_name: "broken" } }).result).toBe(
      "APN settings set to: broken\nStatus Bar: 📵 No Signal | 📵 Data Disabled | 🔋 80%",
    );
    expect(recorded(s, "reset_apn_settings").records[0]?.["result"]).toEqual({ reset_at_reboot: true });
    expect(s.call("check_apn_settings").result).toContain("Current APN Name: broken\n");
    expect(recorded(s, "reboot_device")).toEqual({
      result: `Resetting APN settings...\nRestarting network services...\n${BAR_AFTER_SEARCH}`,
      records: [{ action_type: "reboot_device", name: "reboot_device", arguments: {}, result: { rebooted: true } }],
    });
    expect(s.call("reboot_device").result).toBe(`Restarting network services...\n${BAR_AFTER_SEARCH}`);
  });

  it("connect_vpn / disconnect_vpn", () => {
    const s = phone();
    expect(refusal(s, "disconnect_vpn")).toBe(`No active VPN connection to disconnect.\n${BAR}`);
    expect(recorded(s, "connect_vpn")).toEqual({
      result: "VPN connected successfully.\nStatus Bar: 📶³ Good | 5G | 📱 Data Enabled | 🔒 VPN Connected | 🔋 80%",
      records: [{ action_type: "connect_vpn", name: "connect_vpn", arguments: {}, result: { vpn_connected: true } }],
    });
    expect(refusal(s, "connect_vpn")).toBe("VPN already connected.");
    expect(s.call("check_vpn_status").result).toBe(
      "VPN is ON and connected. Details: {'server_address': '192.168.1.1', 'protocol': 'OpenVPN', 'server_performance': 'excellent'}",
    );
    expect(recorded(s, "disconnect_vpn").result).toBe(`VPN disconnected successfully.\n${BAR}`);
  });

  it("grant_app_permission lower-cases the permission but records it as given", () => {
    const s = phone();
    expect(recorded(s, "grant_app_permission", { app_name: "browser", permission: "SMS" })).toEqual({
      result: `Success. Permission 'sms' granted to app 'browser'.\n${BAR}`,
      records: [
        { action_type: "grant_app_permission", name: "grant_app_permission", arguments: { app_name: "browser", permission: "SMS" }, result: { granted: true } },
      ],
    });
    expect(refusal(s, "grant_app_permission", { app_name: "messaging", permission: "CAMERA" })).toBe(
      `Error. Permission 'camera' not tracked for app 'messaging', available permissions: ['sms', 'storage', 'phone', 'network']\n${BAR}`,
    );
    expect(refusal(s, "grant_app_permission", { app_name: "maps", permission: "location" })).toBe(
      `Error. App 'maps' not found. Cannot grant permission.\n${BAR}`,
    );
  });

  it("make_payment pays the pending request (again if asked twice)", () => {
    expect(refusal(phone(), "make_payment")).toBe("You do not have a payment request.");
    const s = phone({ "surroundings.payment_request": { bill_id: "B1234321", amount_due: 65.0, paid: false } });
    expect(recorded(s, "make_payment")).toEqual({
      result: "Payment of 65.0 USD has been made for bill B1234321.",
      records: [{ action_type: "make_payment", name: "make_payment", arguments: {}, result: { bill_id: "B1234321", amount: 65.0 } }],
    });
    expect(s.call("make_payment").records).toHaveLength(1);
    expect(phone({ "surroundings.payment_request": { bill_id: "B1", amount_due: 160.5, paid: false } }).call("check_payment_request").result).toBe(
      "You have a payment request for bill B1 of 160.5 USD.",
    );
  });
});

describe("errors every phone tool shares", () => {
  it("no-argument tools reject any argument", () => {
    const s = phone();
    const before = s.db();
    expect(s.call("toggle_data", { on: true }).result).toEqual({
      status: "error",
      error_type: "invalid_arguments",
      message:
        "1 validation error for ToggleDataParams\non\n  Extra inputs are not permitted [type=extra_forbidden, input_value=True, input_type=bool]\n    For further information visit https://errors.pydantic.dev/2.13/v/extra_forbidden",
    });
    expect(s.db()).toBe(before);
  });

  it("a missing phone DB", () => {
    expect(session("user", {}).call("check_status_bar").result).toEqual({
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario user-side database not loaded. This indicates a fixture-loading bug.",
    });
  });
});
