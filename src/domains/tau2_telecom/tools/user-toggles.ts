/** The phone's on/off switches. Each records its new state and shows the status bar. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { disconnectVpn, simulateNetworkSearch } from "../network.js";
import { recordAction } from "./action-record.js";
import { deviceOf, onOff, withStatusBar } from "./user-phone.js";

const noArgs = z.object({});

export const toggleAirplaneModeTool = defineTool({
  name: "toggle_airplane_mode",
  description:
    "Toggles Airplane Mode ON or OFF. When ON, it disconnects all wireless communications including cellular, Wi-Fi, and Bluetooth. Returns the new state of airplane_mode.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    const wasOn = device.airplane_mode;
    device.airplane_mode = !wasOn;
    if (wasOn) {
      // Leaving airplane mode: the radio starts searching again.
      device.network_connection_status = "searching";
      if (device.wifi_enabled) {
        device.wifi_connected = false;
        device.wifi_ssid = null;
        device.wifi_signal_strength = "none";
      }
    } else {
      device.wifi_connected = false;
      device.wifi_ssid = null;
      device.wifi_signal_strength = "none";
      if (device.vpn_connected) disconnectVpn(db);
    }
    simulateNetworkSearch(db);
    const airplaneMode = device.airplane_mode;
    recordAction(ctx, "toggle_airplane_mode", {}, { airplane_mode: airplaneMode });
    return withStatusBar(`Airplane Mode is now ${onOff(airplaneMode)}.`, db);
  },
});

export const toggleDataTool = defineTool({
  name: "toggle_data",
  description:
    "Toggles your phone's mobile data connection ON or OFF. Controls whether your phone can use cellular data for internet access when Wi-Fi is unavailable. Returns the new data connection status.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    const enabled = !device.data_enabled;
    device.data_enabled = enabled;
    simulateNetworkSearch(db);
    recordAction(ctx, "toggle_data", {}, { data_enabled: enabled });
    return withStatusBar(`Mobile Data is now ${onOff(enabled)}.`, db);
  },
});

export const toggleRoamingTool = defineTool({
  name: "toggle_roaming",
  description:
    "Toggles Data Roaming ON or OFF. When ON, your phone can use data networks in areas outside your carrier's coverage. Returns the new data roaming status.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    const enabled = !device.roaming_enabled;
    device.roaming_enabled = enabled;
    simulateNetworkSearch(db);
    recordAction(ctx, "toggle_roaming", {}, { roaming_enabled: enabled });
    return withStatusBar(`Data Roaming is now ${onOff(enabled)}.`, db);
  },
});

export const toggleDataSaverModeTool = defineTool({
  name: "toggle_data_saver_mode",
  description:
    "Toggles Data Saver mode ON or OFF. When ON, it reduces data usage, which may affect data speed. Returns the new data saver mode status.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    const enabled = !device.data_saver_mode;
    device.data_saver_mode = enabled;
    recordAction(ctx, "toggle_data_saver_mode", {}, { data_saver_mode: enabled });
    return withStatusBar(`Data Saver Mode is now ${onOff(enabled)}.`, db);
  },
});

export const toggleWifiTool = defineTool({
  name: "toggle_wifi",
  description:
    "Toggles your phone's Wi-Fi radio ON or OFF. Controls whether your phone can discover and connect to wireless networks for internet access. Returns the new Wi-Fi status.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    // A refusal, not an error: nothing changes and nothing is recorded.
    if (device.airplane_mode) return withStatusBar("Cannot change Wi-Fi settings while Airplane Mode is ON.", db);
    const enabled = !device.wifi_enabled;
    device.wifi_enabled = enabled;
    if (!enabled) {
      device.wifi_connected = false;
      device.wifi_ssid = null;
      device.wifi_signal_strength = "none";
    }
    recordAction(ctx, "toggle_wifi", {}, { wifi_enabled: enabled });
    return withStatusBar(`Wi-Fi is now ${onOff(enabled)}.`, db);
  },
});

export const toggleWifiCallingTool = defineTool({
  name: "toggle_wifi_calling",
  description:
    "Toggles Wi-Fi Calling ON or OFF. This feature allows you to make and receive calls over Wi-Fi instead of the cellular network, which can help in areas with weak cellular signal. Returns the new Wi-Fi Calling status.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    const enabled = !device.wifi_calling_enabled;
    device.wifi_calling_enabled = enabled;
    recordAction(ctx, "toggle_wifi_calling", {}, { wifi_calling_enabled: enabled });
    return withStatusBar(`Wi-Fi Calling is now ${onOff(enabled)}.`, db);
  },
});

export const userToggleTools = [
  toggleAirplaneModeTool,
  toggleDataTool,
  toggleRoamingTool,
  toggleDataSaverModeTool,
  toggleWifiTool,
  toggleWifiCallingTool,
];
