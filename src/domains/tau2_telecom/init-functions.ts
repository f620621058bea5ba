/**
 * The 20 telecom initialization functions (`initial_state.initialization_actions`):
 * 16 seed the user's device, 4 seed the agent's DB. Each is called as
 * `fn(db, **arguments)` and mutates `db` in place; failures raise a `PyError`
 * carrying the reference's exception type and message.
 */
import type { InitContext, InitFunction } from "../../engine/domain.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { getBillById, getCustomerById, getTargetLine } from "./lookups.js";
import { connectVpn, disconnectVpn, simulateNetworkSearch } from "./network.js";
import {
  append,
  bindKeywords,
  contains,
  enumValue,
  getItem,
  getOr,
  iterate,
  PyError,
  pyEquals,
  pyRepr,
  pyStr,
  pyTypeName,
  setDefault,
  setItem,
  pyFloat,
  truthy,
  type Signature,
} from "../../python/semantics.js";
import { markFloat, withFloats } from "../../json/py-float.js";

const NETWORK_MODE_PREFERENCES = ["4g_5g_preferred", "4g_only", "3g_only", "2g_only"] as const;

type Args = Record<string, JsonValue>;
type Body = (db: JsonObject, a: Args, ctx: InitContext) => void;

function init(sig: Signature, body: Body): InitFunction {
  return (db, args, ctx) => body(db, bindKeywords(sig, args), ctx);
}

function arg(a: Args, name: string): JsonValue {
  return a[name] ?? null;
}


const device = (db: JsonObject): JsonValue => getItem(db, "device");
const surroundings = (db: JsonObject): JsonValue => getItem(db, "surroundings");

/** A no-argument setter of one device field, optionally followed by a network search. */
function deviceFlag(name: string, field: string, value: JsonValue, search: boolean): InitFunction {
  return init({ name, required: [] }, (db) => {
    setItem(device(db), field, value);
    if (search) simulateNetworkSearch(db);
  });
}

const userSide: Record<string, InitFunction> = {
  set_user_info: init({ name: "set_user_info", required: ["name", "phone_number"] }, (db, a) => {
    setItem(surroundings(db), "name", arg(a, "name"));
    setItem(surroundings(db), "phone_number", arg(a, "phone_number"));
  }),
  set_user_location: init({ name: "set_user_location", required: ["abroad"] }, (db, a) => {
    setItem(surroundings(db), "is_abroad", arg(a, "abroad"));
  }),
  set_network_mode_preference: init({ name: "set_network_mode_preference", required: ["mode"] }, (db, a) => {
    // The enum lookup runs before the target is read, as in `d["k"] = Enum(v).value`.
    const mode = enumValue("NetworkModePreference", NETWORK_MODE_PREFERENCES, arg(a, "mode"));
    setItem(device(db), "network_mode_preference", mode);
    simulateNetworkSearch(db);
  }),
  simulate_network_search: init({ name: "simulate_network_search", required: [] }, (db) => simulateNetworkSearch(db)),
  turn_airplane_mode_on: init({ name: "turn_airplane_mode_on", required: [] }, (db) => {
    const d = device(db);
    setItem(d, "airplane_mode", true);
    setItem(d, "wifi_connected", false);
    setItem(d, "wifi_ssid", null);
    setItem(d, "wifi_signal_strength", "none");
    if (truthy(getItem(d, "vpn_connected"))) disconnectVpn(db);
    simulateNetworkSearch(db);
  }),
  unseat_sim_card: deviceFlag("unseat_sim_card", "sim_card_missing", true, true),
  lock_sim_card: init({ name: "lock_sim_card", required: ["mode"] }, (db, a) => {
    const mode = arg(a, "mode");
    if (pyEquals(mode, "pin")) setItem(device(db), "sim_card_status", "locked_pin");
    else if (pyEquals(mode, "puk")) setItem(device(db), "sim_card_status", "locked_puk");
    else throw new PyError("ValueError", `lock_sim_card: mode must be 'pin' or 'puk', got ${pyRepr(mode)}`);
    simulateNetworkSearch(db);
  }),
  turn_data_off: deviceFlag("turn_data_off", "data_enabled", false, true),
  turn_roaming_on: deviceFlag("turn_roaming_on", "roaming_enabled", true, true),
  turn_roaming_off: deviceFlag("turn_roaming_off", "roaming_enabled", false, true),
  turn_data_saver_mode_on: deviceFlag("turn_data_saver_mode_on", "data_saver_mode", true, false),
  break_apn_settings: init({ name: "break_apn_settings", required: [] }, (db) => {
    setItem(getItem(device(db), "active_apn_settings"), "apn_name", "broken");
    simulateNetworkSearch(db);
  }),
  break_apn_mms_setting: init({ name: "break_apn_mms_setting", required: [] }, (db) => {
    setItem(getItem(device(db), "active_apn_settings"), "mmsc_url", null);
  }),
  set_wifi_calling: init(
    { name: "set_wifi_calling", required: ["enabled"], optional: { mms_over_wifi: null } },
    (db, a) => {
      setItem(device(db), "wifi_calling_enabled", arg(a, "enabled"));
      const mmsOverWifi = arg(a, "mms_over_wifi");
      if (mmsOverWifi !== null) setItem(device(db), "wifi_calling_mms_over_wifi", mmsOverWifi);
    },
  ),
  break_vpn: init({ name: "break_vpn", required: [] }, (db) => {
    connectVpn(db);
    setItem(getItem(device(db), "vpn_details"), "server_performance", "poor");
  }),
  remove_app_permission: init(
    { name: "remove_app_permission", required: ["app_name", "permission"] },
    (db, a) => {
      const app = getOr(getItem(device(db), "app_statuses"), arg(a, "app_name"), null);
      if (app === null) return;
      const permission = arg(a, "permission");
      if (typeof permission !== "string") {
        throw new PyError("AttributeError", `'${pyTypeName(permission)}' object has no attribute 'lower'`);
      }
      const key = permission.toLowerCase();
      const permissions = getItem(app, "permissions");
      if (!contains(permissions, key)) return;
      setItem(permissions, key, false);
    },
  ),
};

/** Add `days` to an ISO date. */
function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** First and last day of the month before `today` (`YYYY-MM-DD`). */
function lastMonth(today: string): { first: string; last: string } {
  const last = addDays(`${today.slice(0, 8)}01`, -1);
  return { first: `${last.slice(0, 8)}01`, last };
}

function lineNotFound(fn: string, a: Args): PyError {
  return new PyError(
    "ValueError",
    `${fn}: line ${pyRepr(arg(a, "line_id"))} not found for customer ${pyRepr(arg(a, "customer_id"))}`,
  );
}

/** The customer's line, or the reference's "not found" ValueError. */
function targetLine(fn: string, db: JsonObject, a: Args): JsonValue {
  const line = getTargetLine(db, arg(a, "customer_id"), arg(a, "line_id"));
  if (line === undefined) throw lineNotFound(fn, a);
  return line;
}

function roamingSetter(name: string, enabled: boolean): InitFunction {
  return init({ name, required: ["customer_id", "line_id"] }, (db, a) => {
    setItem(targetLine(name, db, a), "roaming_enabled", enabled);
  });
}

const SUSPEND = "suspend_line_for_overdue_bill";

/** Refuse when any of the customer's listed bills is already Overdue. */
function checkNoOverdueBill(db: JsonObject, customer: JsonValue, customerId: JsonValue): void {
  const billIds = getOr(customer, "bill_ids", null);
  for (const billId of truthy(billIds) ? iterate(billIds) : []) {
    const bill = getBillById(db, billId);
    if (bill !== undefined && pyEquals(getItem(bill, "status"), "Overdue")) {
      throw new PyError(
        "ValueError",
        `${SUSPEND}: customer ${pyRepr(customerId)} already has an overdue bill (${pyStr(billId)})`,
      );
    }
  }
}

function planPrice(db: JsonObject, line: JsonValue): number {
  const planId = getOr(line, "plan_id", null);
  const plans = getOr(db, "plans", null);
  const plan = (truthy(plans) ? iterate(plans) : []).find((p) => pyEquals(getItem(p, "plan_id"), planId));
  if (plan === undefined) throw new PyError("ValueError", `${SUSPEND}: plan ${pyRepr(planId)} not found`);
  return pyFloat(getItem(plan, "price_per_month"));
}

/**
 * Suspend an Active line and bill last month's plan price as Overdue. The
 * reference dates this from the system clock; here the scenario's `today`
 * stands in for it.
 */
const suspendLineForOverdueBill = init(
  { name: SUSPEND, required: ["customer_id", "line_id", "new_bill_id"], optional: { contract_ended: false } },
  (db, a, ctx) => {
    const line = targetLine(SUSPEND, db, a);
    const status = getItem(line, "status");
    if (!pyEquals(status, "Active")) {
      throw new PyError(
        "ValueError",
        `${SUSPEND}: line ${pyRepr(arg(a, "line_id"))} must be active to suspend for unpaid bill (got status=${pyRepr(status)})`,
      );
    }
    const customerId = arg(a, "customer_id");
    const customer = getCustomerById(db, customerId);
    if (customer === undefined) throw new PyError("ValueError", `${SUSPEND}: customer ${pyRepr(customerId)} not found`);
    checkNoOverdueBill(db, customer, customerId);
    const amount = planPrice(db, line);
    const { first, last } = lastMonth(ctx.today);
    const newBillId = arg(a, "new_bill_id");
    // The plan price went through float(): the bill's total and its one charge are floats.
    const bill: JsonObject = withFloats({
      bill_id: newBillId,
      customer_id: customerId,
      period_start: first,
      period_end: last,
      issue_date: first,
      total_due: amount,
      due_date: addDays(first, 14),
      status: "Overdue",
      line_items: [
        withFloats({ description: `Charge for line ${pyStr(arg(a, "line_id"))}`, amount, date: ctx.today, item_type: "Charge" }, "amount"),
      ],
    }, "total_due");
    append(setDefault(db, "bills", []), bill);
    append(setDefault(customer, "bill_ids", []), newBillId);
    setItem(line, "status", "Suspended");
    setItem(line, "suspension_start_date", ctx.today);
    if (truthy(arg(a, "contract_ended"))) setItem(line, "contract_end_date", last);
  },
);

const agentSide: Record<string, InitFunction> = {
  enable_roaming: roamingSetter("enable_roaming", true),
  disable_roaming: roamingSetter("disable_roaming", false),
  set_data_usage: init({ name: "set_data_usage", required: ["customer_id", "line_id", "data_used_gb"] }, (db, a) => {
    const line = targetLine("set_data_usage", db, a);
    setItem(line, "data_used_gb", pyFloat(arg(a, "data_used_gb")));
    markFloat(line as JsonObject, "data_used_gb");
  }),
  [SUSPEND]: suspendLineForOverdueBill,
};

/** All 20, keyed by the `func_name` task records use. */
export const telecomInitFunctions: Readonly<Record<string, InitFunction>> = { ...userSide, ...agentSide };
