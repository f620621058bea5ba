/**
 * The telecom phone's repairs and settings (network mode, SIM, APN, reboot, VPN, permissions, payment). Expected strings are
 * the NeMo reference tools' replies on the fixture phone DB (run through their
 * `invoke`), copied here character for character.
 */
import { describe, expect, it } from "vitest";
import { BAR, BAR_AFTER_SEARCH, phone, recorded, refusal } from "../telecom-harness.js";

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
