/** Read-only phone inspections of the radio, SIM, APN, Wi-Fi and VPN. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { runSpeedTest } from "../predicates.js";
import { getOr, truthy } from "../../../python/semantics.js";
import { pyFixed2 } from "../../../python/float.js";
import { pyStr } from "../../../python/text.js";
import { deviceOf, onOff, statusBar } from "./user-phone.js";

const noArgs = z.object({});
const yesNo = (on: boolean): string => (on ? "Yes" : "No");

export const checkStatusBarTool = defineTool({
  name: "check_status_bar",
  description:
    "Shows what icons are currently visible in your phone's status bar (the area at the top of the screen). Displays network signal strength, mobile data status (enabled, disabled, data saver), Wi-Fi status, VPN status, and battery level.",
  args: noArgs,
  kind: "read",
  run: (db) => `Status Bar: ${statusBar(db)}`,
});

const SPEED_ADVICE: Readonly<Record<string, string>> = {
  "Very Poor": "Connection is very slow. Basic web browsing might be difficult.",
  Poor: "Connection is slow. Web browsing may be sluggish, streaming difficult.",
  Fair: "Connection is okay for web browsing and some standard definition streaming.",
  Good: "Connection is good for most activities, including HD streaming.",
  Excellent: "Connection is very fast.",
};

export const runSpeedTestTool = defineTool({
  name: "run_speed_test",
  description:
    "Measures your current internet connection speed (download speed). Provides information about connection quality and what activities it can support.",
  args: noArgs,
  kind: "read",
  run(db) {
    const { speed, description } = runSpeedTest(db);
    if (speed === null) return `Speed test failed: ${description || "Could not determine speed"}.`;
    const advice = getOr(SPEED_ADVICE, description ?? "", "") as string;
    return `Speed Test Result: ${pyFixed2(speed)} Mbps (${pyStr(description)}). ${advice}`;
  },
});

/** `check_sim_status`'s view: an unseated SIM reads as missing whatever its stored status. */
function simStatus(db: JsonObject): JsonValue {
  const device = deviceOf(db);
  return device.sim_card_missing ? "missing" : device.sim_card_status;
}

export const checkNetworkStatusTool = defineTool({
  name: "check_network_status",
  description:
    "Checks your phone's connection status to cellular networks and Wi-Fi. Shows airplane mode status, signal strength, network type, whether mobile data is enabled, and whether data roaming is enabled.",
  args: noArgs,
  kind: "read",
  run(db) {
    const device = deviceOf(db);
    const lines = [
      `Airplane Mode: ${onOff(device.airplane_mode)}`,
      `SIM Card Status: ${pyStr(simStatus(db))}`,
      `Cellular Connection: ${pyStr(device.network_connection_status)}`,
      `Cellular Signal: ${pyStr(device.network_signal_strength)}`,
      `Cellular Network Type: ${pyStr(device.network_technology_connected)}`,
      `Mobile Data Enabled: ${yesNo(device.data_enabled)}`,
      `Data Roaming Enabled: ${yesNo(device.roaming_enabled)}`,
      `Wi-Fi Radio: ${onOff(device.wifi_enabled)}`,
      `Wi-Fi Connected: ${yesNo(device.wifi_connected)}`,
    ];
    if (device.wifi_connected) lines.push(`Connected Wi-Fi Network: ${pyStr(getOr(device, "wifi_ssid", null))}`);
    return lines.join("\n");
  },
});

export const checkNetworkModePreferenceTool = defineTool({
  name: "check_network_mode_preference",
  description: "Shows the current network mode preference (e.g., 5G, 4G, 3G, 2G).",
  args: noArgs,
  kind: "read",
  run: (db) => `Network Mode Preference: ${pyStr(deviceOf(db).network_mode_preference)}`,
});

const SIM_STATUS_TEXT: Readonly<Record<string, string>> = {
  active: "Your SIM card is active and working.",
  missing: "No SIM card detected in the phone.",
  locked_pin: "The SIM card is locked with a PIN code.",
  locked_puk: "The SIM card is locked with a PUK code.",
};

export const checkSimStatusTool = defineTool({
  name: "check_sim_status",
  description:
    "Checks if your SIM card is working correctly and displays its current status. Shows if the SIM is active, missing, or locked with a PIN or PUK code.",
  args: noArgs,
  kind: "read",
  run(db) {
    const status = simStatus(db);
    return getOr(SIM_STATUS_TEXT, status, `Unknown SIM status: ${pyStr(status)}`);
  },
});

export const checkDataRestrictionStatusTool = defineTool({
  name: "check_data_restriction_status",
  description: "Checks if your phone has any data-limiting features active. Shows if Data Saver mode is on.",
  args: noArgs,
  kind: "read",
  run: (db) => (deviceOf(db).data_saver_mode ? "Data Saver mode is ON (limits data usage)." : "Data Saver mode is OFF."),
});

export const checkApnSettingsTool = defineTool({
  name: "check_apn_settings",
  description:
    "Checks the technical APN settings your phone uses to connect to your carrier's mobile data network. Shows current APN name and MMSC URL for picture messaging.",
  args: noArgs,
  kind: "read",
  run(db) {
    const apn = deviceOf(db).active_apn_settings;
    const orNotSet = (key: string): string => {
      const value = getOr(apn, key, null);
      return truthy(value) ? pyStr(value) : "Not Set";
    };
    return (
      `Current APN Name: ${orNotSet("apn_name")}\n` +
      `MMSC URL (for picture messages): ${orNotSet("mmsc_url")}\n` +
      "(These are technical settings, usually best left unchanged.)"
    );
  },
});

export const checkWifiStatusTool = defineTool({
  name: "check_wifi_status",
  description:
    "Checks your Wi-Fi connection status. Shows if Wi-Fi is turned on, which network you're connected to (if any), and the signal strength.",
  args: noArgs,
  kind: "read",
  run(db) {
    const device = deviceOf(db);
    if (!device.wifi_enabled) return "Wi-Fi is turned OFF.";
    if (device.wifi_connected) {
      return `Wi-Fi is ON and connected to '${pyStr(getOr(device, "wifi_ssid", null))}'. Signal strength: ${pyStr(device.wifi_signal_strength)}.`;
    }
    return "Wi-Fi is ON but not connected to any network.";
  },
});

export const checkWifiCallingStatusTool = defineTool({
  name: "check_wifi_calling_status",
  description:
    "Checks if Wi-Fi Calling is enabled on your device. This feature allows you to make and receive calls over a Wi-Fi network instead of using the cellular network.",
  args: noArgs,
  kind: "read",
  run: (db) => `Wi-Fi Calling is currently turned ${onOff(deviceOf(db).wifi_calling_enabled)}.`,
});

export const checkVpnStatusTool = defineTool({
  name: "check_vpn_status",
  description:
    "Checks if you're using a VPN (Virtual Private Network) connection. Shows if a VPN is active, connected, and displays any available connection details.",
  args: noArgs,
  kind: "read",
  run(db) {
    const device = deviceOf(db);
    if (device.vpn_connected) {
      const details = getOr(device, "vpn_details", null);
      if (truthy(details)) return `VPN is ON and connected. Details: ${pyStr(details)}`;
      return "VPN is ON and connected (no specific details available).";
    }
    if (truthy(getOr(device, "vpn_enabled_setting", null))) return "VPN is turned ON in settings, but currently not connected.";
    return "VPN is turned OFF.";
  },
});

export const userNetworkCheckTools = [
  checkStatusBarTool,
  checkNetworkStatusTool,
  checkNetworkModePreferenceTool,
  checkSimStatusTool,
  checkDataRestrictionStatusTool,
  checkApnSettingsTool,
  checkWifiStatusTool,
  checkWifiCallingStatusTool,
  checkVpnStatusTool,
];
