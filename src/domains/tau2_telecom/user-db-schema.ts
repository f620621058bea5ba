/**
 * The tau2 telecom user-side DB (`TelecomUserDB` in `tau2_telecom_params.py`),
 * `tau2_telecom/user_db.json`: the mock phone and the user's surroundings.
 * Strict and fully materialized, for the reasons given in `db-schema.ts`.
 */
import { z } from "zod";
import { enumKeyed, int } from "../../loaders/schema-parts.js";

export const SIM_STATUSES = ["active", "missing", "locked_pin", "locked_puk"] as const;
export const NETWORK_TECHNOLOGIES = ["none", "2G", "3G", "4G", "5G"] as const;
export const NETWORK_MODE_PREFERENCES = ["4g_5g_preferred", "4g_only", "3g_only", "2g_only"] as const;
export const SIGNAL_STRENGTHS = ["none", "poor", "fair", "good", "excellent"] as const;
export const PERFORMANCE_LEVELS = ["unknown", "poor", "fair", "good", "excellent"] as const;
export const NETWORK_STATUSES = ["connected", "searching", "no_service", "emergency_only"] as const;
export const APN_NAMES = ["internet", "broken"] as const;

const SignalStrength = z.enum(SIGNAL_STRENGTHS);
const NetworkTechnology = z.enum(NETWORK_TECHNOLOGIES);

const ApnSettings = z.strictObject({
  apn_name: z.enum(APN_NAMES),
  reset_at_reboot: z.boolean(),
  mms_apn: z.string().nullable(),
  mmsc_url: z.string().nullable(),
  mms_proxy: z.string().nullable(),
  mms_port: int().nullable(),
});

const VpnDetails = z.strictObject({
  server_address: z.string().nullable(),
  protocol: z.string().nullable(),
  server_performance: z.enum(PERFORMANCE_LEVELS),
});

const AppStatus = z.strictObject({
  app_name: z.string(),
  permissions: z.strictObject({ sms: z.boolean(), storage: z.boolean(), phone: z.boolean(), network: z.boolean() }),
});

const MockPhone = z.strictObject({
  sim_card_status: z.enum(SIM_STATUSES),
  sim_card_missing: z.boolean(),
  airplane_mode: z.boolean(),
  network_signal_strength: SignalStrength,
  network_technology_connected: NetworkTechnology,
  network_connection_status: z.enum(NETWORK_STATUSES),
  battery_level: int(),
  data_enabled: z.boolean(),
  roaming_enabled: z.boolean(),
  network_mode_preference: z.enum(NETWORK_MODE_PREFERENCES),
  active_apn_settings: ApnSettings,
  wifi_enabled: z.boolean(),
  wifi_connected: z.boolean(),
  wifi_ssid: z.string().nullable(),
  wifi_signal_strength: SignalStrength,
  wifi_calling_enabled: z.boolean(),
  wifi_calling_mms_over_wifi: z.boolean(),
  data_saver_mode: z.boolean(),
  vpn_enabled_setting: z.boolean(),
  vpn_connected: z.boolean(),
  vpn_details: VpnDetails.nullable(),
  app_statuses: z.record(z.string(), AppStatus),
});

const Surroundings = z.strictObject({
  name: z.string().nullable(),
  phone_number: z.string().nullable(),
  is_abroad: z.boolean(),
  roaming_allowed: z.boolean(),
  signal_strength: enumKeyed(NETWORK_TECHNOLOGIES, SignalStrength),
  mobile_data_usage_exceeded: z.boolean(),
  line_active: z.boolean(),
  payment_request: z.strictObject({ bill_id: z.string(), amount_due: z.number(), paid: z.boolean() }).nullable(),
});

export const Tau2TelecomUserDbSchema = z.strictObject({
  device: MockPhone,
  surroundings: Surroundings,
});

export type Tau2TelecomUserDb = z.infer<typeof Tau2TelecomUserDbSchema>;
