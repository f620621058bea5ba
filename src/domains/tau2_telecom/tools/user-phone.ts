/**
 * The user-side DB (a mock phone plus the user's surroundings) as the phone
 * tools read it, and the helpers several of them share.
 */
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { pyStr } from "../../../python/text.js";
import { getOr, truthy } from "../../../python/semantics.js";

export interface AppStatus extends JsonObject {
  app_name: string;
  permissions: Record<string, JsonValue>;
}

export interface ApnSettings extends JsonObject {
  apn_name: string;
  reset_at_reboot: boolean;
  mmsc_url: string | null;
}

export interface Device extends JsonObject {
  sim_card_status: string;
  sim_card_missing: boolean;
  airplane_mode: boolean;
  network_signal_strength: string;
  network_technology_connected: string;
  network_connection_status: string;
  battery_level: number;
  data_enabled: boolean;
  roaming_enabled: boolean;
  network_mode_preference: string;
  active_apn_settings: ApnSettings;
  wifi_enabled: boolean;
  wifi_connected: boolean;
  wifi_ssid: string | null;
  wifi_signal_strength: string;
  wifi_calling_enabled: boolean;
  wifi_calling_mms_over_wifi: boolean;
  data_saver_mode: boolean;
  vpn_enabled_setting: boolean;
  vpn_connected: boolean;
  vpn_details: JsonObject | null;
  app_statuses: Record<string, AppStatus>;
}

export interface PaymentRequest extends JsonObject {
  bill_id: string;
  amount_due: number;
  paid: boolean;
}

export interface Surroundings extends JsonObject {
  is_abroad: boolean;
  payment_request: PaymentRequest | null;
}

export function deviceOf(db: JsonObject): Device {
  return db["device"] as Device;
}

export function surroundingsOf(db: JsonObject): Surroundings {
  return db["surroundings"] as Surroundings;
}

export const onOff = (on: boolean): string => (on ? "ON" : "OFF");

const SIGNAL_DISPLAY: Readonly<Record<string, string>> = {
  none: "📵 No Signal",
  poor: "📶¹ Poor",
  fair: "📶² Fair",
  good: "📶³ Good",
  excellent: "📶⁴ Excellent",
};

/** The icons of the phone's status bar, joined with ` | `. */
export function statusBar(db: JsonObject): string {
  const device = deviceOf(db);
  const icons: string[] = [];
  if (device.airplane_mode) {
    icons.push("✈️ Airplane Mode");
  } else {
    icons.push(getOr(SIGNAL_DISPLAY, device.network_signal_strength, "📵 No Signal") as string);
    const tech = device.network_technology_connected;
    if (tech !== "none") icons.push(tech);
    if (device.data_enabled && tech !== "none") {
      icons.push("📱 Data Enabled");
      if (device.data_saver_mode) icons.push("🔽 Data Saver");
    } else {
      icons.push("📵 Data Disabled");
    }
  }
  if (device.wifi_enabled && device.wifi_connected) {
    icons.push(truthy(getOr(device, "wifi_ssid", null)) ? `📡 Connected to ${pyStr(device.wifi_ssid)}` : "📡 Enabled");
  }
  if (device.vpn_connected) icons.push("🔒 VPN Connected");
  icons.push(`🔋 ${pyStr(device.battery_level)}%`);
  return icons.join(" | ");
}

/** A phone tool's reply followed by the status bar it leaves behind. */
export function withStatusBar(message: string, db: JsonObject): string {
  return `${message}\nStatus Bar: ${statusBar(db)}`;
}

/*
 * The phone tools carry their own copies of these two checks, which read
 * optional surroundings and settings leniently (a missing key counts as
 * allowed / unset); the assertion predicates use stricter ones.
 */
export function phoneMobileDataWorking(db: JsonObject): boolean {
  const device = deviceOf(db);
  const surroundings = surroundingsOf(db);
  if (device.airplane_mode || device.network_signal_strength === "none") return false;
  if (device.network_connection_status === "no_service") return false;
  if (surroundings.is_abroad && (!device.roaming_enabled || !truthy(getOr(surroundings, "roaming_allowed", true)))) return false;
  if (!device.data_enabled) return false;
  return !truthy(getOr(surroundings, "mobile_data_usage_exceeded", false));
}

export function phoneCanSendMms(db: JsonObject): boolean {
  const device = deviceOf(db);
  if (!phoneMobileDataWorking(db)) return false;
  if (device.network_technology_connected === "2G") return false;
  if (truthy(getOr(device, "wifi_calling_enabled", null)) && truthy(getOr(device, "wifi_calling_mms_over_wifi", null))) return false;
  if (getOr(device.active_apn_settings, "mmsc_url", null) === null) return false;
  const messaging = getOr(device.app_statuses, "messaging", null) as AppStatus | null;
  if (messaging === null) return false;
  const permissions = messaging.permissions;
  return truthy(getOr(permissions, "storage", null)) && truthy(getOr(permissions, "sms", null));
}
