/**
 * A small, independent model of the telecom user's phone, written from the
 * behaviour spec (HARNESS.md §6.1, §6.4) and the reference tools' documented
 * effects, not from evalsim's code. It tracks the switches tools and init
 * functions flip, and derives what the phone should show: network status,
 * whether mobile data works, the speed test, MMS.
 */
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { isJsonObject } from "../../../src/json/types.js";

export interface PhoneModel {
  airplane: boolean;
  data: boolean;
  roaming: boolean;
  dataSaver: boolean;
  wifi: boolean;
  wifiCalling: boolean;
  mmsOverWifi: boolean;
  vpn: boolean;
  vpnPoor: boolean;
  simMissing: boolean;
  simStatus: string;
  mode: string;
  apnBroken: boolean;
  mmscSet: boolean;
  resetAtReboot: boolean;
  permissions: Record<string, Record<string, boolean>>;
  abroad: boolean;
  name: JsonValue;
  phone: JsonValue;
}

const obj = (v: JsonValue | undefined): JsonObject => (isJsonObject(v) ? v : {});

/** The model of a phone as a DB shows it (the starting point of a run). */
export function phoneModelOf(userDb: JsonObject): PhoneModel {
  const d = obj(userDb["device"]);
  const s = obj(userDb["surroundings"]);
  const apn = obj(d["active_apn_settings"]);
  const apps = obj(d["app_statuses"]);
  const permissions: Record<string, Record<string, boolean>> = {};
  for (const [app, status] of Object.entries(apps)) {
    permissions[app] = Object.fromEntries(Object.entries(obj(obj(status)["permissions"])).map(([k, v]) => [k, v === true]));
  }
  return {
    airplane: d["airplane_mode"] === true,
    data: d["data_enabled"] === true,
    roaming: d["roaming_enabled"] === true,
    dataSaver: d["data_saver_mode"] === true,
    wifi: d["wifi_enabled"] === true,
    wifiCalling: d["wifi_calling_enabled"] === true,
    mmsOverWifi: d["wifi_calling_mms_over_wifi"] === true,
    vpn: d["vpn_connected"] === true,
    vpnPoor: d["vpn_connected"] === true && obj(d["vpn_details"])["server_performance"] === "poor",
    simMissing: d["sim_card_missing"] === true,
    simStatus: String(d["sim_card_status"]),
    mode: String(d["network_mode_preference"]),
    apnBroken: apn["apn_name"] === "broken",
    mmscSet: apn["mmsc_url"] !== null && apn["mmsc_url"] !== undefined,
    resetAtReboot: apn["reset_at_reboot"] === true,
    permissions,
    abroad: s["is_abroad"] === true,
    name: s["name"] ?? null,
    phone: s["phone_number"] ?? null,
  };
}

/** Where the phone model and a DB disagree, as `field: model vs db` lines. */
export function phoneMismatches(m: PhoneModel, userDb: JsonObject): string[] {
  const seen = phoneModelOf(userDb);
  const out: string[] = [];
  for (const key of Object.keys(m) as (keyof PhoneModel)[]) {
    const a = JSON.stringify(m[key]);
    const b = JSON.stringify(seen[key]);
    if (a !== b) out.push(`${key}: model ${a} vs db ${b}`);
  }
  return out;
}

export interface Network {
  readonly status: string;
  readonly technology: string;
  readonly signal: string;
}

const NO_SERVICE: Network = { status: "no_service", technology: "none", signal: "none" };
const TECH_ONLY: Readonly<Record<string, string>> = { "4g_only": "4G", "3g_only": "3G", "2g_only": "2G" };

/**
 * §6.1 network search: an active, seated SIM connects with the preferred
 * technology (5G when preferred and present, else 4G; `*_only` modes; 4G for
 * anything else) at the surroundings' signal; airplane mode, a broken APN or
 * an inactive line mean no service.
 */
export function deriveNetwork(m: PhoneModel, signals: JsonObject, lineActive: boolean): Network {
  if (m.simMissing || m.simStatus !== "active" || m.airplane || m.apnBroken || !lineActive) return NO_SERVICE;
  const signalOf = (tech: string): string => (typeof signals[tech] === "string" ? (signals[tech]) : "none");
  if (m.mode === "4g_5g_preferred") {
    return signalOf("5G") === "none" ? { status: "connected", technology: "4G", signal: signalOf("4G") } : { status: "connected", technology: "5G", signal: signalOf("5G") };
  }
  const tech = TECH_ONLY[m.mode] ?? "4G";
  return { status: "connected", technology: tech, signal: signalOf(tech) };
}

export interface Surroundings {
  readonly roamingAllowed: boolean;
  readonly usageExceeded: boolean;
}

/** §6.4: mobile data works unless one of the listed conditions holds. */
export function dataWorks(m: PhoneModel, net: Network, s: Surroundings): boolean {
  if (m.airplane || net.signal === "none" || net.status === "no_service") return false;
  if (m.abroad && !(m.roaming && s.roamingAllowed)) return false;
  return m.data && !s.usageExceeded;
}

const RANGE: Readonly<Record<string, readonly [number, number]>> = { "2G": [0.1, 0.4], "3G": [1, 5], "4G": [10, 100], "5G": [50, 500] };
const SIGNAL: Readonly<Record<string, number>> = { poor: 0.2, fair: 0.5, good: 0.8, excellent: 1 };

/** §6.4 speed test: 0 without data, else mid-range × signal × base, rounded to cents. */
export function speedTest(m: PhoneModel, net: Network, s: Surroundings): { speed: number; label: string } {
  if (!dataWorks(m, net, s)) return { speed: 0, label: "No Connection" };
  const [lo, hi] = RANGE[net.technology] ?? [0, 0];
  const base = (m.vpn && m.vpnPoor ? 0.1 : 1) * (m.dataSaver ? 0.2 : 1);
  const speed = Math.round(((lo + hi) / 2) * (SIGNAL[net.signal] ?? 0) * base * 100) / 100;
  const label = speed < 1 ? "Very Poor" : speed < 5 ? "Poor" : speed < 25 ? "Fair" : speed < 100 ? "Good" : "Excellent";
  return { speed, label };
}

/** §6.4 MMS: data works, not 2G, not (Wi-Fi calling and MMS over Wi-Fi), an MMSC URL, messaging may use storage and SMS. */
export function canSendMms(m: PhoneModel, net: Network, s: Surroundings): boolean {
  if (!dataWorks(m, net, s) || net.technology === "2G") return false;
  if (m.wifiCalling && m.mmsOverWifi) return false;
  const messaging = m.permissions["messaging"];
  return m.mmscSet && messaging !== undefined && messaging["storage"] === true && messaging["sms"] === true;
}

const MODES = ["4g_5g_preferred", "4g_only", "3g_only", "2g_only"];

/**
 * A phone tool's effect on the model, per the reference's tool semantics.
 * `recorded` says whether the call is a real change (recorded) or a refusal.
 */
export function applyPhoneTool(m: PhoneModel, name: string, args: JsonObject): { model: PhoneModel; recorded: boolean } {
  const next: PhoneModel = { ...m, permissions: structuredClone(m.permissions) };
  const done = (recorded = true): { model: PhoneModel; recorded: boolean } => ({ model: recorded ? next : m, recorded });
  switch (name) {
    case "toggle_airplane_mode":
      next.airplane = !m.airplane;
      if (next.airplane) next.vpn = next.vpnPoor = false;
      return done();
    case "toggle_data":
      next.data = !m.data;
      return done();
    case "toggle_roaming":
      next.roaming = !m.roaming;
      return done();
    case "toggle_data_saver_mode":
      next.dataSaver = !m.dataSaver;
      return done();
    case "toggle_wifi":
      if (m.airplane) return done(false);
      next.wifi = !m.wifi;
      return done();
    case "toggle_wifi_calling":
      next.wifiCalling = !m.wifiCalling;
      return done();
    case "set_network_mode_preference":
      if (typeof args["mode"] !== "string" || !MODES.includes(args["mode"])) return done(false);
      next.mode = args["mode"];
      return done();
    case "reseat_sim_card":
      next.simMissing = false;
      return done();
    case "set_apn_settings": {
      const s = obj(args["apn_settings"]);
      next.apnBroken = s["apn_name"] === "broken";
      next.mmscSet = !("mmsc_url" in s) || s["mmsc_url"] !== null;
      next.resetAtReboot = s["reset_at_reboot"] === true;
      return done();
    }
    case "reset_apn_settings":
      next.resetAtReboot = true;
      return done();
    case "reboot_device":
      if (m.resetAtReboot) {
        next.apnBroken = false;
        next.mmscSet = true;
        next.resetAtReboot = false;
      }
      return done();
    case "connect_vpn":
      if (m.vpn) return done(false);
      next.vpn = true;
      next.vpnPoor = false;
      return done();
    case "disconnect_vpn":
      if (!m.vpn) return done(false);
      next.vpn = next.vpnPoor = false;
      return done();
    case "grant_app_permission": {
      const app = next.permissions[String(args["app_name"])];
      const perm = String(args["permission"]).toLowerCase();
      if (!app || !Object.hasOwn(app, perm)) return done(false);
      app[perm] = true;
      return done();
    }
    default:
      throw new Error(`the phone model has no rule for tool ${name}`);
  }
}

/** A user-side init function's effect (§6.1), or the error it raises (the model then stays as it was). */
export function applyPhoneInit(m: PhoneModel, name: string, args: JsonObject): { model: PhoneModel; fails: boolean } {
  const next: PhoneModel = { ...m, permissions: structuredClone(m.permissions) };
  const ok = { model: next, fails: false };
  switch (name) {
    case "set_user_info":
      next.name = args["name"] ?? null;
      next.phone = args["phone_number"] ?? null;
      return ok;
    case "set_user_location":
      next.abroad = args["abroad"] === true;
      return ok;
    case "set_network_mode_preference":
      if (typeof args["mode"] !== "string" || !MODES.includes(args["mode"])) return { model: m, fails: true };
      next.mode = args["mode"];
      return ok;
    case "simulate_network_search":
      return ok;
    case "turn_airplane_mode_on":
      next.airplane = true;
      next.vpn = next.vpnPoor = false;
      return ok;
    case "unseat_sim_card":
      next.simMissing = true;
      return ok;
    case "lock_sim_card":
      if (args["mode"] === "pin") next.simStatus = "locked_pin";
      else if (args["mode"] === "puk") next.simStatus = "locked_puk";
      else return { model: m, fails: true };
      return ok;
    case "turn_data_off":
      next.data = false;
      return ok;
    case "turn_roaming_on":
      next.roaming = true;
      return ok;
    case "turn_roaming_off":
      next.roaming = false;
      return ok;
    case "turn_data_saver_mode_on":
      next.dataSaver = true;
      return ok;
    case "break_apn_settings":
      next.apnBroken = true;
      return ok;
    case "break_apn_mms_setting":
      next.mmscSet = false;
      return ok;
    case "set_wifi_calling":
      next.wifiCalling = args["enabled"] === true;
      if (args["mms_over_wifi"] !== undefined && args["mms_over_wifi"] !== null) next.mmsOverWifi = args["mms_over_wifi"] === true;
      return ok;
    case "break_vpn":
      next.vpn = true;
      next.vpnPoor = true;
      return ok;
    case "remove_app_permission": {
      const app = next.permissions[String(args["app_name"])];
      const perm = String(args["permission"]).toLowerCase();
      if (app && Object.hasOwn(app, perm)) app[perm] = false;
      return ok;
    }
    default:
      throw new Error(`the phone model has no rule for init function ${name}`);
  }
}

/** The user-side init functions §6.1 lists; the other four act on the agent DB. */
export const USER_INIT_FUNCTIONS = [
  "set_user_info",
  "set_user_location",
  "set_network_mode_preference",
  "simulate_network_search",
  "turn_airplane_mode_on",
  "unseat_sim_card",
  "lock_sim_card",
  "turn_data_off",
  "turn_roaming_on",
  "turn_roaming_off",
  "turn_data_saver_mode_on",
  "break_apn_settings",
  "break_apn_mms_setting",
  "set_wifi_calling",
  "break_vpn",
  "remove_app_permission",
] as const;

export const AGENT_INIT_FUNCTIONS = ["enable_roaming", "disable_roaming", "set_data_usage", "suspend_line_for_overdue_bill"] as const;
