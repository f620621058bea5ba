/**
 * Phone settings the user changes to repair service, plus paying the agent's
 * payment request. A refusal is a plain-text reply that records nothing.
 */
import { z } from "zod";
import { laxBool, laxInt, pyAnyDict } from "../../../engine/binding/lax.js";
import { toPydanticErrors } from "../../../engine/binding/pydantic-errors.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject } from "../../../json/types.js";
import { withoutMarks } from "../../../json/marks.js";
import { DEFAULT_VPN_DETAILS, simulateNetworkSearch } from "../network.js";
import { getOr, truthy } from "../../../python/semantics.js";
import { pyFloatFieldStr, pyRepr, pyStr } from "../../../python/text.js";
import { invalidArguments } from "../validation-message.js";
import { recordAction } from "./action-record.js";
import type { ApnSettings, AppStatus, PaymentRequest } from "./user-phone.js";
import { deviceOf, surroundingsOf, withStatusBar } from "./user-phone.js";
import { pyDict, pyGet } from "../../../python/num.js";

const noArgs = z.object({});

const NETWORK_MODES = ["4g_5g_preferred", "4g_only", "3g_only", "2g_only"] as const;

export const setNetworkModePreferenceTool = defineTool({
  name: "set_network_mode_preference",
  description:
    "Changes the type of cellular network your phone prefers to connect to (e.g., 5G, LTE/4G, 3G). Higher-speed networks (LTE/5G) provide faster data but may use more battery.",
  // A plain string: an unknown mode is refused in the reply, not by validation.
  args: z.object({ mode: z.string().describe("One of '4g_5g_preferred', '4g_only', '3g_only', '2g_only'.") }),
  kind: "write",
  run(db, { mode }, ctx) {
    if (!(NETWORK_MODES as readonly string[]).includes(mode)) {
      return withStatusBar(`Failed to set network mode: '${mode}' is not a valid option. Please use one of: ${NETWORK_MODES.join(", ")}`, db);
    }
    deviceOf(db).network_mode_preference = mode;
    simulateNetworkSearch(db);
    recordAction(ctx, "set_network_mode_preference", { mode }, { network_mode_preference: mode });
    return withStatusBar(`Preferred Network Mode set to: ${mode}`, db);
  },
});

export const reseatSimCardTool = defineTool({
  name: "reseat_sim_card",
  description: "Simulates removing and reinserting your SIM card. This can help resolve recognition issues.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    deviceOf(db).sim_card_missing = false;
    simulateNetworkSearch(db);
    recordAction(ctx, "reseat_sim_card", {}, { sim_card_missing: false });
    return withStatusBar("SIM card re-seated successfully.", db);
  },
});

const DEFAULT_MMSC_URL = "http://mms.carrier.com/mms/wapenc";

/** The reference's `APNSettings` model: every field defaulted, unknown keys rejected. */
const apnSettingsModel = z
  .object({
    apn_name: z.enum(["internet", "broken"]).default("internet"),
    reset_at_reboot: laxBool().default(false),
    mms_apn: z.string().nullable().default("mms"),
    mmsc_url: z.string().nullable().default(DEFAULT_MMSC_URL),
    mms_proxy: z.string().nullable().default(null),
    mms_port: laxInt().nullable().default(null),
  })
  .strict();

/** `APNSettings(...).model_dump(mode="json")`, fields in declaration order. */
function apnSettingsDump(s: z.output<typeof apnSettingsModel>): ApnSettings {
  return {
    apn_name: s.apn_name,
    reset_at_reboot: s.reset_at_reboot,
    mms_apn: s.mms_apn,
    mmsc_url: s.mmsc_url,
    mms_proxy: s.mms_proxy,
    mms_port: s.mms_port,
  };
}

export const setApnSettingsTool = defineTool({
  name: "set_apn_settings",
  description: "Sets the APN settings for the phone.",
  args: z.object({
    apn_settings: pyAnyDict("APN settings dict. Keys may include ``apn_name``, ``mmsc_url`` (string URL or null), and ``reset_at_reboot`` (boolean)."),
  }),
  kind: "write",
  run(db, { apn_settings }, ctx) {
    const parsed = apnSettingsModel.safeParse(withoutMarks(apn_settings));
    if (!parsed.success) return invalidArguments("APNSettings", toPydanticErrors(parsed.error, apn_settings));
    const device = deviceOf(db);
    device.active_apn_settings = apnSettingsDump(parsed.data);
    simulateNetworkSearch(db);
    recordAction(ctx, "set_apn_settings", { apn_settings: apn_settings as JsonObject }, { ...device.active_apn_settings });
    return withStatusBar(`APN settings set to: ${pyStr(device.active_apn_settings.apn_name)}`, db);
  },
});

export const resetApnSettingsTool = defineTool({
  name: "reset_apn_settings",
  description: "Resets your APN settings to the default settings.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    // The reset itself waits for the next reboot.
    deviceOf(db).active_apn_settings.reset_at_reboot = true;
    simulateNetworkSearch(db);
    recordAction(ctx, "reset_apn_settings", {}, { reset_at_reboot: true });
    return withStatusBar("APN settings will reset at reboot.", db);
  },
});

export const rebootDeviceTool = defineTool({
  name: "reboot_device",
  description:
    "Restarts your phone completely. This can help resolve many temporary software glitches by refreshing all running services and connections.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    const lines: string[] = [];
    if (truthy(getOr(device.active_apn_settings, "reset_at_reboot", null))) {
      lines.push("Resetting APN settings...");
      device.active_apn_settings = apnSettingsDump(apnSettingsModel.parse({}));
    }
    lines.push("Restarting network services...");
    device.network_connection_status = "searching";
    simulateNetworkSearch(db);
    recordAction(ctx, "reboot_device", {}, { rebooted: true });
    return withStatusBar(lines.join("\n"), db);
  },
});

export const connectVpnTool = defineTool({
  name: "connect_vpn",
  description: "Connects to your VPN (Virtual Private Network).",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    if (device.vpn_connected) return "VPN already connected.";
    device.vpn_connected = true;
    device.vpn_details = { ...DEFAULT_VPN_DETAILS };
    recordAction(ctx, "connect_vpn", {}, { vpn_connected: true });
    return withStatusBar("VPN connected successfully.", db);
  },
});

export const disconnectVpnTool = defineTool({
  name: "disconnect_vpn",
  description:
    "Disconnects any active VPN (Virtual Private Network) connection. Stops routing your internet traffic through a VPN server, which might affect connection speed or access to content.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const device = deviceOf(db);
    if (!device.vpn_connected) return withStatusBar("No active VPN connection to disconnect.", db);
    device.vpn_connected = false;
    device.vpn_details = null;
    recordAction(ctx, "disconnect_vpn", {}, { vpn_connected: false });
    return withStatusBar("VPN disconnected successfully.", db);
  },
});

/** Grant one permission; the reply is prefixed `Success. ` or `Error. `. */
function grantPermission(db: JsonObject, appName: string, requested: string): { granted: boolean; message: string } {
  const app = getOr(deviceOf(db).app_statuses, appName, null) as AppStatus | null;
  if (app === null) return { granted: false, message: `App '${appName}' not found. Cannot grant permission.` };
  const permission = requested.toLowerCase();
  const permissions = app.permissions;
  if (!Object.hasOwn(permissions, permission)) {
    const available = pyRepr(Object.keys(permissions));
    return { granted: false, message: `Permission '${permission}' not tracked for app '${appName}', available permissions: ${available}` };
  }
  permissions[permission] = true;
  return { granted: true, message: `Permission '${permission}' granted to app '${appName}'.` };
}

export const grantAppPermissionTool = defineTool({
  name: "grant_app_permission",
  description:
    "Gives a specific permission to an app (like access to storage, camera, or location). Required for some app functions to work properly.",
  args: z.object({
    app_name: z.string().describe("Name of the app (e.g., 'messaging')."),
    permission: z.string().describe("Lowercase permission key: 'storage', 'camera', 'microphone', 'location', 'contacts', 'sms', 'phone'."),
  }),
  kind: "write",
  run(db, { app_name, permission }, ctx) {
    const { granted, message } = grantPermission(db, app_name, permission);
    // The record keeps the permission as the caller spelled it.
    if (granted) recordAction(ctx, "grant_app_permission", { app_name, permission }, { granted: true });
    return withStatusBar(`${granted ? "Success. " : "Error. "}${message}`, db);
  },
});

export const makePaymentTool = defineTool({
  name: "make_payment",
  description: "Makes a payment for the bill that the agent has sent you.",
  args: noArgs,
  kind: "write",
  run(db, _args, ctx) {
    const request = getOr(surroundingsOf(db), "payment_request", null) as PaymentRequest | null;
    if (request === null) return "You do not have a payment request.";
    request.paid = true;
    recordAction(ctx, "make_payment", {}, pyDict({ bill_id: request.bill_id, amount: pyGet(request, "amount_due") }));
    return `Payment of ${pyFloatFieldStr(request.amount_due)} USD has been made for bill ${pyStr(request.bill_id)}.`;
  },
});

export const userRepairTools = [
  setNetworkModePreferenceTool,
  reseatSimCardTool,
  setApnSettingsTool,
  resetApnSettingsTool,
  connectVpnTool,
  disconnectVpnTool,
  grantAppPermissionTool,
  rebootDeviceTool,
  makePaymentTool,
];
