/**
 * The telecom phone's toggles (airplane mode, data, roaming, data saver, Wi-Fi, Wi-Fi calling). Expected strings are
 * the NeMo reference tools' replies on the fixture phone DB (run through their
 * `invoke`), copied here character for character.
 */
import { describe, expect, it } from "vitest";
import { BAR, BAR_AFTER_SEARCH, phone, recorded, refusal } from "../telecom-harness.js";

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
