/** The phone's on/off switches. Each records its new state and shows the status bar. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { disconnectVpn, simulateNetworkSearch } from "../network.js";
import { recordAction } from "./action-record.js";
import { deviceOf, onOff, withStatusBar } from "./user-phone.js";

const noArgs = z.object({});

interface FlagToggle {
  readonly name: string;
  readonly description: string;
  /** The device flag the toggle flips. */
  readonly field: string;
  /** How the result message names the setting. */
  readonly label: string;
  /** The flag affects connectivity, so the network is searched again. */
  readonly searchAfter: boolean;
}

/** A plain switch: flip one device flag, record its new value, show the status bar. */
function flagToggle(spec: FlagToggle) {
  return defineTool({
    name: spec.name,
    description: spec.description,
    args: noArgs,
    kind: "write",
    run(db, _args, ctx) {
      const device = deviceOf(db);
      const enabled = !device[spec.field];
      device[spec.field] = enabled;
      if (spec.searchAfter) simulateNetworkSearch(db);
      recordAction(ctx, spec.name, {}, { [spec.field]: enabled });
      return withStatusBar(`${spec.label} is now ${onOff(enabled)}.`, db);
    },
  });
}

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

export const toggleDataTool = flagToggle({
  name: "toggle_data",
  description:
    "Toggles your phone's mobile data connection ON or OFF. Controls whether your phone can use cellular data for internet access when Wi-Fi is unavailable. Returns the new data connection status.",
  field: "data_enabled",
  label: "Mobile Data",
  searchAfter: true,
});

export const toggleRoamingTool = flagToggle({
  name: "toggle_roaming",
  description:
    "Toggles Data Roaming ON or OFF. When ON, your phone can use data networks in areas outside your carrier's coverage. Returns the new data roaming status.",
  field: "roaming_enabled",
  label: "Data Roaming",
  searchAfter: true,
});

export const toggleDataSaverModeTool = flagToggle({
  name: "toggle_data_saver_mode",
  description:
    "Toggles Data Saver mode ON or OFF. When ON, it reduces data usage, which may affect data speed. Returns the new data saver mode status.",
  field: "data_saver_mode",
  label: "Data Saver Mode",
  searchAfter: false,
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

export const toggleWifiCallingTool = flagToggle({
  name: "toggle_wifi_calling",
  description:
    "Toggles Wi-Fi Calling ON or OFF. This feature allows you to make and receive calls over Wi-Fi instead of the cellular network, which can help in areas with weak cellular signal. Returns the new Wi-Fi Calling status.",
  field: "wifi_calling_enabled",
  label: "Wi-Fi Calling",
  searchAfter: false,
});

export const userToggleTools = [
  toggleAirplaneModeTool,
  toggleDataTool,
  toggleRoamingTool,
  toggleDataSaverModeTool,
  toggleWifiTool,
  toggleWifiCallingTool,
];
