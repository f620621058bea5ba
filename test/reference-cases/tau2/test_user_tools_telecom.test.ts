/**
 * tau2-bench tests/test_domains/test_telecom/test_user_tools_telecom.py (tag
 * voice-user-sim-v1.0, commit 17e07b1da2bbc0cadfddeea36412686e0604127b), one
 * test per upstream test. Its fixture is `TelecomUserDB(MockPhoneAttributes(),
 * UserSurroundings())`, whose defaults are the shipped `tau2_telecom/user_db`
 * (tau2's user_db.toml as NeMo materialized it), with two apps: messaging with
 * no permissions, browser with network and storage. tau2 sets device fields
 * directly between calls; here they are set on the DB the next call reads.
 * Methods that are not user tools (`turn_airplane_mode_on`,
 * `unseat_sim_card`, `remove_app_permission`) are tau2's init functions,
 * called as such; `turn_airplane_mode_off` on a phone in airplane mode is one
 * toggle. Every tool answers with tau2's text, unwrapped: all 25 pass.
 */
import { describe, expect, it } from "vitest";
import { telecomInitFunctions } from "../../../src/domains/tau2_telecom/init-functions.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { fixtureDb, session } from "../../domains/tau2_telecom/telecom-harness.js";

type Obj = Record<string, any>;

class Phone {
  db: Obj;
  constructor() {
    this.db = structuredClone<Obj>(fixtureDb("user"));
    this.device.app_statuses = {
      messaging: { app_name: "messaging", permissions: { sms: false, storage: false, phone: false, network: false } },
      browser: { app_name: "browser", permissions: { sms: false, storage: true, phone: false, network: true } },
    };
  }
  get device(): Obj {
    return this.db["device"];
  }
  get surroundings(): Obj {
    return this.db["surroundings"];
  }
  /** A user tool call; its text. */
  call(name: string, args: JsonValue = {}): string {
    const s = session("user", structuredClone<JsonObject>(this.db));
    const out = s.call(name, args);
    this.db = structuredClone<Obj>(s.db());
    return out.result as string;
  }
  /** One of tau2's init functions (a TelecomUserTools method that is not a tool). */
  init(name: string, args: Obj = {}): void {
    const f = telecomInitFunctions[name];
    if (!f) throw new Error(`test setup: no init function ${name}`);
    f(this.db, args, { today: "2025-02-25" });
  }
}

describe("tau2-bench test_user_tools_telecom.py", () => {
  it("test_check_status_bar_default", () => {
    const p = new Phone();
    const status = p.call("check_status_bar");
    expect(status).toContain("Status Bar:");
    expect(status).toContain(`${p.device.battery_level}%`);
  });

  it("test_check_status_bar_airplane_mode", () => {
    const p = new Phone();
    p.device.airplane_mode = true;
    const status = p.call("check_status_bar");
    expect(status).toContain("✈️ Airplane Mode");
    expect(status).toContain(`${p.device.battery_level}%`);
  });

  it("test_toggle_airplane_mode", () => {
    const p = new Phone();
    const initial = p.device.airplane_mode;
    expect(p.call("toggle_airplane_mode")).toContain(`Airplane Mode is now ${!initial ? "ON" : "OFF"}`);
    expect(p.device.airplane_mode).toBe(!initial);
    p.call("toggle_airplane_mode");
    expect(p.device.airplane_mode).toBe(initial);
  });

  it("test_turn_airplane_mode_on_off", () => {
    const p = new Phone();
    p.init("turn_airplane_mode_on");
    expect(p.device.airplane_mode).toBe(true);
    expect(p.call("check_status_bar")).toContain("✈️ Airplane Mode");
    // tau2's turn_airplane_mode_off toggles once when the mode is on (user_tools.py:409-414): the toggle tool.
    p.call("toggle_airplane_mode");
    expect(p.device.airplane_mode).toBe(false);
    expect(p.call("check_status_bar")).not.toContain("✈️ Airplane Mode");
  });

  it("test_check_network_status", () => {
    const p = new Phone();
    const status = p.call("check_network_status");
    expect(status).toContain("Airplane Mode: OFF");
    expect(status).toContain(`SIM Card Status: ${p.device.sim_card_status}`);
    expect(status).toContain(`Cellular Signal: ${p.device.network_signal_strength}`);
  });

  it("test_check_sim_status", () => {
    const p = new Phone();
    p.device.sim_card_status = "active";
    expect(p.call("check_sim_status")).toContain("SIM card is active");
    p.device.sim_card_missing = true;
    expect(p.call("check_sim_status")).toContain("No SIM card detected");
    p.device.sim_card_missing = false;
    p.device.sim_card_status = "locked_pin";
    expect(p.call("check_sim_status")).toContain("locked with a PIN");
  });

  it("test_reseat_sim_card", () => {
    const p = new Phone();
    p.init("unseat_sim_card");
    // tau2's _check_sim_status() == MISSING: the SIM is reported missing.
    expect(p.call("check_sim_status")).toContain("No SIM card detected");
    p.call("reseat_sim_card");
    expect(p.call("check_sim_status")).not.toContain("No SIM card detected");
    expect(p.device.network_connection_status).toBe("connected");
  });

  it("test_toggle_data", () => {
    const p = new Phone();
    const initial = p.device.data_enabled;
    const result = p.call("toggle_data");
    expect(p.device.data_enabled).toBe(!initial);
    expect(result).toContain(`Mobile Data is now ${!initial ? "ON" : "OFF"}`);
  });

  it("test_toggle_roaming", () => {
    const p = new Phone();
    const initial = p.device.roaming_enabled;
    const result = p.call("toggle_roaming");
    expect(p.device.roaming_enabled).toBe(!initial);
    expect(result).toContain(`Data Roaming is now ${!initial ? "ON" : "OFF"}`);
  });

  it("test_set_network_mode_preference", () => {
    const p = new Phone();
    expect(p.call("set_network_mode_preference", { mode: "4g_only" })).toContain("Preferred Network Mode set to: 4g_only");
    expect(p.device.network_mode_preference).toBe("4g_only");
    expect(p.device.network_technology_connected).toBe("4G");
    expect(p.call("set_network_mode_preference", { mode: "invalid_mode" })).toContain("Failed to set network mode");
  });

  it("test_check_apn_settings", () => {
    const p = new Phone();
    const settings = p.call("check_apn_settings");
    expect(settings).toContain("Current APN Name: internet");
    expect(settings).toContain("MMSC URL (for picture messages): http://mms.carrier.com/mms/wapenc");
  });

  it("test_set_apn_settings", () => {
    const p = new Phone();
    const apn = { apn_name: "internet", mmsc_url: "http://mms.new.com", mms_apn: "mms", reset_at_reboot: false };
    let result = p.call("set_apn_settings", { apn_settings: apn });
    expect(result).toContain("APN settings set to: internet");
    expect(result).toContain("Status Bar:");
    expect(p.device.active_apn_settings.apn_name).toBe("internet");
    expect(p.device.active_apn_settings.mmsc_url).toBe("http://mms.new.com");
    expect(p.device.network_connection_status).toBe("connected");
    result = p.call("set_apn_settings", { apn_settings: apn });
    expect(result).toContain("APN settings set to: internet");
    expect(result).toContain("Status Bar:");
    expect(p.device.active_apn_settings.apn_name).toBe("internet");
    expect(p.device.network_connection_status).toBe("connected");
  });

  it("test_reset_apn_settings", () => {
    const p = new Phone();
    p.device.active_apn_settings = { apn_name: "internet", reset_at_reboot: false, mms_apn: "mms", mmsc_url: "http://mms.new.com", mms_proxy: null, mms_port: null };
    expect(p.call("reset_apn_settings")).toContain("APN settings will reset at reboot");
    expect(p.device.active_apn_settings.reset_at_reboot).toBe(true);
    expect(p.device.active_apn_settings.apn_name).toBe("internet");
    p.call("reboot_device");
    expect(p.device.active_apn_settings.apn_name).toBe("internet");
    expect(p.device.active_apn_settings.reset_at_reboot).toBe(false);
  });

  it("test_check_wifi_status", () => {
    const p = new Phone();
    p.device.wifi_enabled = false;
    expect(p.call("check_wifi_status")).toContain("Wi-Fi is turned OFF");
    p.device.wifi_enabled = true;
    p.device.wifi_connected = false;
    expect(p.call("check_wifi_status")).toContain("Wi-Fi is ON but not connected");
    Object.assign(p.device, { wifi_connected: true, wifi_ssid: "MyHomeWiFi", wifi_signal_strength: "good" });
    const status = p.call("check_wifi_status");
    expect(status).toContain("Wi-Fi is ON and connected to 'MyHomeWiFi'");
    expect(status).toContain("Signal strength: good");
  });

  it("test_toggle_wifi", () => {
    const p = new Phone();
    p.device.airplane_mode = false;
    const initial = p.device.wifi_enabled;
    const result = p.call("toggle_wifi");
    expect(p.device.wifi_enabled).toBe(!initial);
    expect(result).toContain(`Wi-Fi is now ${!initial ? "ON" : "OFF"}`);
    p.device.airplane_mode = true;
    p.device.wifi_enabled = false;
    expect(p.call("toggle_wifi")).toContain("Cannot change Wi-Fi settings while Airplane Mode is ON");
    expect(p.device.wifi_enabled).toBe(false);
  });

  it("test_check_vpn_status", () => {
    const p = new Phone();
    p.device.vpn_enabled_setting = false;
    p.device.vpn_connected = false;
    expect(p.call("check_vpn_status")).toContain("VPN is turned OFF");
    p.device.vpn_enabled_setting = true;
    expect(p.call("check_vpn_status")).toContain("VPN is turned ON in settings, but currently not connected");
    p.device.vpn_connected = true;
    // VpnDetails(server_address="1.2.3.4", protocol="TestVPN"), its other fields at their defaults.
    p.device.vpn_details = { server_address: "1.2.3.4", protocol: "TestVPN", server_performance: "unknown" };
    const status = p.call("check_vpn_status");
    expect(status).toContain("VPN is ON and connected. Details:");
    expect(status).toContain("'server_address': '1.2.3.4'");
  });

  it("test_connect_disconnect_vpn", () => {
    const p = new Phone();
    p.device.vpn_enabled_setting = true;
    expect(p.call("connect_vpn")).toContain("VPN connected successfully");
    expect(p.device.vpn_connected).toBe(true);
    expect(p.device.vpn_details).not.toBeNull();
    // tau2's default_vpn_details.server_address
    expect(p.device.vpn_details.server_address).toBe("192.168.1.1");
    expect(p.call("connect_vpn")).toContain("VPN already connected");
    expect(p.call("disconnect_vpn")).toContain("VPN disconnected successfully");
    expect(p.device.vpn_connected).toBe(false);
    expect(p.device.vpn_details).toBeNull();
    expect(p.call("disconnect_vpn")).toContain("No active VPN connection to disconnect");
  });

  it("test_check_installed_apps", () => {
    const apps = new Phone().call("check_installed_apps");
    expect(apps).toContain("messaging");
    expect(apps).toContain("browser");
  });

  it("test_check_app_status", () => {
    const p = new Phone();
    const messaging = p.call("check_app_status", { app_name: "messaging" });
    expect(messaging).toContain("Status for App: messaging");
    expect(messaging).toContain("Permissions: None granted");
    expect(p.call("check_app_status", { app_name: "browser" })).toContain("network");
    expect(p.call("check_app_status", { app_name: "nonexistent_app" })).toContain("App 'nonexistent_app' not found");
  });

  it("test_check_app_permissions", () => {
    const p = new Phone();
    expect(p.call("check_app_permissions", { app_name: "messaging" })).toContain("App 'messaging' currently has no permissions granted");
    p.device.app_statuses.messaging.permissions.storage = true;
    expect(p.call("check_app_permissions", { app_name: "messaging" })).toContain("App 'messaging' has permission for: storage");
  });

  it("test_grant_app_permission", () => {
    const p = new Phone();
    expect(p.device.app_statuses.messaging.permissions.storage).toBe(false);
    expect(p.call("grant_app_permission", { app_name: "messaging", permission: "storage" })).toContain("Permission 'storage' granted to app 'messaging'");
    expect(p.device.app_statuses.messaging.permissions.storage).toBe(true);
    expect(p.call("grant_app_permission", { app_name: "messaging", permission: "invalid_permission" })).toContain("Permission 'invalid_permission' not tracked");
    expect(p.call("grant_app_permission", { app_name: "nonexistent_app", permission: "storage" })).toContain("App 'nonexistent_app' not found");
  });

  it("test_remove_app_permission", () => {
    const p = new Phone();
    expect(p.device.app_statuses.browser.permissions.network).toBe(true);
    p.init("remove_app_permission", { app_name: "browser", permission: "network" });
    expect(p.device.app_statuses.browser.permissions.network).toBe(false);
    p.device.app_statuses.browser.permissions.storage = false;
    p.init("remove_app_permission", { app_name: "browser", permission: "storage" });
    expect(p.device.app_statuses.browser.permissions.storage).toBe(false);
  });

  it("test_reboot_device", () => {
    const p = new Phone();
    p.device.active_apn_settings.reset_at_reboot = true;
    p.device.active_apn_settings.apn_name = "internet";
    expect(p.call("reboot_device")).toContain("Resetting APN settings...");
    expect(p.device.active_apn_settings.apn_name).toBe("internet");
    expect(p.device.active_apn_settings.reset_at_reboot).toBe(false);
    Object.assign(p.device, { network_connection_status: "connected", network_technology_connected: "4G", network_signal_strength: "good" });
    expect(p.call("reboot_device")).toContain("Restarting network services...");
    expect(p.device.network_connection_status).toBe("connected");
  });

  it("test_can_send_mms", () => {
    const p = new Phone();
    const CAN = "Your messaging app can send MMS messages.";
    const CANNOT = "Your messaging app cannot send MMS messages.";
    Object.assign(p.device, { network_connection_status: "connected", data_enabled: true, network_technology_connected: "4G", wifi_calling_enabled: false });
    p.surroundings.mobile_data_usage_exceeded = false;
    p.device.active_apn_settings.mmsc_url = "http://mms.example.com";
    p.device.app_statuses.messaging.permissions.sms = true;
    p.device.app_statuses.messaging.permissions.storage = true;
    expect(p.call("can_send_mms")).toContain(CAN);
    p.device.network_connection_status = "no_service";
    expect(p.call("can_send_mms")).toContain(CANNOT);
    p.device.network_connection_status = "connected";
    p.device.data_enabled = false;
    expect(p.call("can_send_mms")).toContain(CANNOT);
    p.device.data_enabled = true;
    p.surroundings.mobile_data_usage_exceeded = true;
    expect(p.call("can_send_mms")).toContain(CANNOT);
    p.surroundings.mobile_data_usage_exceeded = false;
    p.device.network_technology_connected = "2G";
    expect(p.call("can_send_mms")).toContain(CANNOT);
    p.device.network_technology_connected = "4G";
    p.device.wifi_calling_enabled = true;
    p.device.wifi_calling_mms_over_wifi = true;
    expect(p.call("can_send_mms")).toContain(CANNOT);
    p.device.wifi_calling_enabled = false;
    p.device.active_apn_settings.mmsc_url = null;
    expect(p.call("can_send_mms")).toContain(CANNOT);
    p.device.active_apn_settings.mmsc_url = "http://mms.example.com";
    p.device.app_statuses.messaging.permissions.sms = false;
    expect(p.call("can_send_mms")).toContain(CANNOT);
  });

  it("test_run_speed_test", () => {
    const p = new Phone();
    Object.assign(p.device, {
      airplane_mode: false,
      network_signal_strength: "good",
      network_connection_status: "connected",
      data_enabled: true,
      network_technology_connected: "4G",
      data_saver_mode: false,
      vpn_connected: false,
    });
    p.surroundings.mobile_data_usage_exceeded = false;
    let result = p.call("run_speed_test");
    expect(result).toContain("Mbps");
    expect(result).toContain("Good");
    p.device.network_signal_strength = "none";
    expect(p.call("run_speed_test")).toContain("Speed test failed: No Connection");
    p.device.network_signal_strength = "good";
    p.device.data_saver_mode = true;
    expect(p.call("run_speed_test")).toContain("Mbps");
    p.device.data_saver_mode = false;
    p.device.vpn_connected = true;
    // VpnDetails(server_performance=POOR): the other fields at their None defaults.
    p.device.vpn_details = { server_address: null, protocol: null, server_performance: "poor" };
    expect(p.call("run_speed_test")).toContain("Mbps");
    p.device.vpn_connected = false;
    p.device.network_technology_connected = "5G";
    p.device.network_signal_strength = "excellent";
    result = p.call("run_speed_test");
    expect(result).toContain("Excellent");
  });
});
