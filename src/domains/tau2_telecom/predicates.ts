/**
 * The six telecom DB-state predicates (`env_assertions`) and the user-device
 * simulations they are built on. Each predicate is called as
 * `fn(db, **arguments)`: arguments bind by keyword, and anything the
 * reference would raise on (a bad keyword, an invalid enum value, an
 * unsupported comparison) raises a `PyError` that the assertion evaluator
 * turns into an error verdict.
 */
import type { Predicate } from "../../engine/domain.js";
import { pyRound } from "../../python/float.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { getBillById, getTargetLine } from "./lookups.js";
import {
  bindKeywords,
  enumValue,
  getItem,
  getOr,
  PyError,
  pyEquals,
  pyTypeName,
  truthy,
  type Signature,
} from "../../python/semantics.js";

export const NETWORK_STATUSES = ["connected", "searching", "no_service", "emergency_only"] as const;

/**
 * `_get_mobile_data_working` (predicate flavour). The reference's user tools
 * keep their own copy that reads `roaming_allowed` and
 * `mobile_data_usage_exceeded` with `.get` defaults; on well-formed DBs the
 * two agree.
 */
export function mobileDataWorking(userDb: JsonObject): boolean {
  const device = getItem(userDb, "device");
  const surroundings = getItem(userDb, "surroundings");
  if (truthy(getItem(device, "airplane_mode")) || pyEquals(getItem(device, "network_signal_strength"), "none")) {
    return false;
  }
  if (pyEquals(getItem(device, "network_connection_status"), "no_service")) return false;
  if (truthy(getItem(surroundings, "is_abroad"))) {
    if (!truthy(getItem(device, "roaming_enabled")) || !truthy(getItem(surroundings, "roaming_allowed"))) return false;
  }
  if (!truthy(getItem(device, "data_enabled"))) return false;
  if (truthy(getItem(surroundings, "mobile_data_usage_exceeded"))) return false;
  return true;
}

/** (min, max) Mbps per connected technology. */
const SPEED_RANGE: JsonObject = { "2G": [0.1, 0.4], "3G": [1.0, 5.0], "4G": [10.0, 100.0], "5G": [50.0, 500.0], none: [0, 0] };
/** Multiplier per signal strength. */
const SIGNAL_FACTOR: JsonObject = { poor: 0.2, fair: 0.5, good: 0.8, excellent: 1.0, none: 0.0 };

export interface SpeedTest {
  readonly speed: number | null;
  readonly description: string | null;
}

function speedLabel(speed: number): string {
  if (speed < 1) return "Very Poor";
  if (speed < 5) return "Poor";
  if (speed < 25) return "Fair";
  if (speed < 100) return "Good";
  return "Excellent";
}

/** `_run_speed_test`: a deterministic speed from technology, signal, VPN and data saver. */
export function runSpeedTest(userDb: JsonObject): SpeedTest {
  if (!mobileDataWorking(userDb)) return { speed: null, description: "No Connection" };
  const device = getItem(userDb, "device");
  const poorVpn =
    truthy(getItem(device, "vpn_connected")) &&
    getOr(device, "vpn_details", null) !== null &&
    pyEquals(getItem(getItem(device, "vpn_details"), "server_performance"), "poor");
  let baseFactor = poorVpn ? 0.1 : 1.0;
  if (truthy(getItem(device, "data_saver_mode"))) baseFactor *= 0.2;
  const [min, max] = getOr(SPEED_RANGE, getItem(device, "network_technology_connected"), [0, 0]) as [number, number];
  const signal = getOr(SIGNAL_FACTOR, getItem(device, "network_signal_strength"), 0.0) as number;
  // Same operation order as the reference, so the float result is bit-identical.
  const speed = pyRound(((min + max) / 2.0) * signal * baseFactor, 2);
  return { speed, description: speedLabel(speed) };
}

/**
 * `_can_send_mms` (predicate flavour) as the reference computes it: the last
 * step is `storage and sms`, which yields one of the two stored values rather
 * than a bool.
 */
function canSendMmsValue(userDb: JsonObject): JsonValue {
  if (!mobileDataWorking(userDb)) return false;
  const device = getItem(userDb, "device");
  if (pyEquals(getItem(device, "network_technology_connected"), "2G")) return false;
  if (truthy(getItem(device, "wifi_calling_enabled")) && truthy(getItem(device, "wifi_calling_mms_over_wifi"))) {
    return false;
  }
  if (getItem(getItem(device, "active_apn_settings"), "mmsc_url") === null) return false;
  const messaging = getOr(getItem(device, "app_statuses"), "messaging", null);
  if (messaging === null) return false;
  const permissions = getItem(messaging, "permissions");
  const storage = getItem(permissions, "storage");
  return truthy(storage) ? getItem(permissions, "sms") : storage;
}

/** Whether MMS can be sent (the reference's result, read as a bool). */
export function canSendMms(userDb: JsonObject): boolean {
  return truthy(canSendMmsValue(userDb));
}

function isNumeric(v: JsonValue): v is number | bigint | boolean {
  return typeof v === "number" || typeof v === "bigint" || typeof v === "boolean";
}

/** `speed >= x` where `speed` is a Python float. */
function floatAtLeast(speed: number, x: JsonValue): boolean {
  if (!isNumeric(x)) {
    throw new PyError("TypeError", `'>=' not supported between instances of 'float' and '${pyTypeName(x)}'`);
  }
  return speed >= Number(x);
}

function lower(v: JsonValue): string {
  if (typeof v !== "string") throw new PyError("AttributeError", `'${pyTypeName(v)}' object has no attribute 'lower'`);
  return v.toLowerCase();
}

/**
 * `abs(stored - expected)` where `stored` is a float field of the reference's
 * schema: JSON `0.0` reads back as a JS integer, so a number there is named
 * `float` in the error, as Python would.
 */
function absDifferenceFromFloat(stored: JsonValue, expected: JsonValue): number {
  if (!isNumeric(stored) || !isNumeric(expected)) {
    const left = typeof stored === "number" ? "float" : pyTypeName(stored);
    throw new PyError("TypeError", `unsupported operand type(s) for -: '${left}' and '${pyTypeName(expected)}'`);
  }
  return Math.abs(Number(stored) - Number(expected));
}

type Body = (db: JsonObject, a: Record<string, JsonValue>) => JsonValue;

function predicate(sig: Signature, body: Body): Predicate {
  return (db, args) => body(db, bindKeywords(sig, args));
}

function arg(a: Record<string, JsonValue>, name: string): JsonValue {
  return a[name] ?? null;
}

export const telecomPredicates: Readonly<Record<string, Predicate>> = {
  assert_mobile_data_status: predicate({ name: "assert_mobile_data_status", required: ["expected_status"] }, (db, a) =>
    pyEquals(mobileDataWorking(db), arg(a, "expected_status")),
  ),
  assert_internet_speed: predicate(
    { name: "assert_internet_speed", required: ["expected_speed"], optional: { expected_desc: null } },
    (db, a) => {
      const { speed, description } = runSpeedTest(db);
      const measured = speed ?? 0.0;
      const expectedDesc = arg(a, "expected_desc");
      if (expectedDesc === null) return floatAtLeast(measured, arg(a, "expected_speed"));
      return floatAtLeast(measured, arg(a, "expected_speed")) && (description ?? "").toLowerCase() === lower(expectedDesc);
    },
  ),
  assert_service_status: predicate({ name: "assert_service_status", required: ["expected_status"] }, (db, a) => {
    const status = getItem(getItem(db, "device"), "network_connection_status");
    return pyEquals(status, enumValue("NetworkStatus", NETWORK_STATUSES, arg(a, "expected_status")));
  }),
  assert_can_send_mms: predicate({ name: "assert_can_send_mms", required: ["expected_status"] }, (db, a) =>
    pyEquals(canSendMmsValue(db), arg(a, "expected_status")),
  ),
  assert_data_refueling_amount: predicate(
    { name: "assert_data_refueling_amount", required: ["customer_id", "line_id", "expected_amount"] },
    (db, a) => {
      const line = getTargetLine(db, arg(a, "customer_id"), arg(a, "line_id"));
      if (line === undefined) return false;
      return absDifferenceFromFloat(getItem(line, "data_refueling_gb"), arg(a, "expected_amount")) < 1e-6;
    },
  ),
  assert_no_overdue_bill: predicate({ name: "assert_no_overdue_bill", required: ["overdue_bill_id"] }, (db, a) => {
    const bill = getBillById(db, arg(a, "overdue_bill_id"));
    return bill === undefined || pyEquals(getItem(bill, "status"), "Paid");
  }),
};
