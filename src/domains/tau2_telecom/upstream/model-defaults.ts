/**
 * The telecom data models' fields, in declaration order, with the defaults
 * the models fill in (`tau2_telecom_params.py`). NeMo converts `db.toml` and
 * `user_db.toml` by validating them with these models and dumping the
 * result, so the JSON is the TOML plus these defaults, fields in this order.
 *
 * Defaults are dumped as pydantic holds them: `Customer.created_at` defaults
 * to a *date* (pydantic does not validate defaults), so it dumps as
 * "2025-01-01", not as a date-time.
 */
import type { JsonValue } from "../../../json/types.js";

export interface FieldSpec {
  /** The value filled in when the field is absent; no `default` means the field is required. */
  readonly default?: JsonValue;
  /** The field holds one object of this model (or null). */
  readonly model?: ModelSpec;
  /** The field holds a list of objects of this model. */
  readonly listOf?: ModelSpec;
  /** The field holds a mapping whose values are objects of this model. */
  readonly mapOf?: ModelSpec;
}

export type ModelSpec = Readonly<Record<string, FieldSpec>>;

const required: FieldSpec = {};
const fields = (names: readonly string[]): Record<string, FieldSpec> => Object.fromEntries(names.map((n) => [n, required]));

const PLAN: ModelSpec = fields(["plan_id", "name", "data_limit_gb", "price_per_month", "data_refueling_price_per_gb"]);

const DEVICE: ModelSpec = {
  ...fields(["device_id", "device_type", "model"]),
  imei: { default: null },
  is_esim_capable: required,
  activated: { default: false },
  activation_date: { default: null },
  last_esim_transfer_date: { default: null },
};

const LINE: ModelSpec = {
  ...fields(["line_id", "phone_number"]),
  status: { default: "Pending Activation" },
  plan_id: required,
  device_id: { default: null },
  data_used_gb: { default: 0 },
  data_refueling_gb: { default: 0 },
  roaming_enabled: { default: false },
  contract_end_date: { default: null },
  last_plan_change_date: { default: null },
  last_sim_replacement_date: { default: null },
  suspension_start_date: { default: null },
};

const LINE_ITEM: ModelSpec = fields(["description", "amount", "date", "item_type"]);

const BILL: ModelSpec = {
  ...fields(["bill_id", "customer_id", "period_start", "period_end", "issue_date", "total_due", "due_date"]),
  line_items: { default: [], listOf: LINE_ITEM },
  status: { default: "Draft" },
};

const CUSTOMER: ModelSpec = {
  ...fields(["customer_id", "full_name", "date_of_birth", "email", "phone_number"]),
  address: { model: fields(["street", "city", "state", "zip_code"]) },
  account_status: { default: "Pending Verification" },
  payment_methods: { default: [], listOf: fields(["method_type", "account_number_last_4", "expiration_date"]) },
  line_ids: { default: [] },
  bill_ids: { default: [] },
  created_at: { default: "2025-01-01" },
  last_extension_date: { default: null },
  goodwill_credit_used_this_year: { default: 0 },
};

/** `TelecomDB`. */
export const TELECOM_DB_MODEL: ModelSpec = {
  plans: { default: [], listOf: PLAN },
  customers: { default: [], listOf: CUSTOMER },
  lines: { default: [], listOf: LINE },
  bills: { default: [], listOf: BILL },
  devices: { default: [], listOf: DEVICE },
};

const APN_SETTINGS: ModelSpec = {
  apn_name: { default: "internet" },
  reset_at_reboot: { default: false },
  mms_apn: { default: "mms" },
  mmsc_url: { default: "http://mms.carrier.com/mms/wapenc" },
  mms_proxy: { default: null },
  mms_port: { default: null },
};

const NO_PERMISSIONS = { sms: false, storage: false, phone: false, network: false };
const PERMISSIONS: ModelSpec = { sms: { default: false }, storage: { default: false }, phone: { default: false }, network: { default: false } };
const APP_STATUS: ModelSpec = { app_name: required, permissions: { default: NO_PERMISSIONS, model: PERMISSIONS } };

const MOCK_PHONE: ModelSpec = {
  sim_card_status: { default: "active" },
  sim_card_missing: { default: false },
  airplane_mode: { default: false },
  network_signal_strength: { default: "good" },
  network_technology_connected: { default: "5G" },
  network_connection_status: { default: "connected" },
  battery_level: { default: 80 },
  data_enabled: { default: true },
  roaming_enabled: { default: false },
  network_mode_preference: { default: "4g_5g_preferred" },
  active_apn_settings: {
    default: { apn_name: "internet", reset_at_reboot: false, mms_apn: "mms", mmsc_url: "http://mms.carrier.com/mms/wapenc", mms_proxy: null, mms_port: null },
    model: APN_SETTINGS,
  },
  wifi_enabled: { default: false },
  wifi_connected: { default: false },
  wifi_ssid: { default: null },
  wifi_signal_strength: { default: "none" },
  wifi_calling_enabled: { default: false },
  wifi_calling_mms_over_wifi: { default: false },
  data_saver_mode: { default: false },
  vpn_enabled_setting: { default: false },
  vpn_connected: { default: false },
  vpn_details: { default: null, model: { server_address: { default: null }, protocol: { default: null }, server_performance: { default: "unknown" } } },
  app_statuses: {
    default: {
      messaging: { app_name: "messaging", permissions: { sms: true, storage: true, phone: true, network: false } },
      browser: { app_name: "browser", permissions: { sms: false, storage: true, phone: false, network: true } },
    },
    mapOf: APP_STATUS,
  },
};

const SURROUNDINGS: ModelSpec = {
  name: { default: null },
  phone_number: { default: null },
  is_abroad: { default: false },
  roaming_allowed: { default: false },
  signal_strength: { default: { "2G": "poor", "3G": "fair", "4G": "good", "5G": "excellent" } },
  mobile_data_usage_exceeded: { default: false },
  line_active: { default: true },
  payment_request: { default: null, model: { bill_id: required, amount_due: required, paid: { default: false } } },
};

/** `TelecomUserDB`. */
export const TELECOM_USER_DB_MODEL: ModelSpec = {
  device: { default: materializedDefaults(MOCK_PHONE), model: MOCK_PHONE },
  surroundings: { default: materializedDefaults(SURROUNDINGS), model: SURROUNDINGS },
};

/** A model built from nothing: every field at its default (all fields of these two models have one). */
function materializedDefaults(spec: ModelSpec): JsonValue {
  return Object.fromEntries(Object.entries(spec).map(([k, f]) => [k, f.default ?? null]));
}
