/**
 * The telecom phone's network inspections (status bar, speed test, network, SIM, APN, Wi-Fi, VPN). Expected strings are
 * the NeMo reference tools' replies on the fixture phone DB (run through their
 * `invoke`), copied here character for character.
 */
import { describe, expect, it } from "vitest";
import { dbHash } from "../../../../src/hash/db/index.js";
import { BAR, phone } from "../telecom-harness.js";

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


});
