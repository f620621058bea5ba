/**
 * What must hold after every telecom step, once sync has run:
 * - sync applies cleanly and a second sync finds nothing to do;
 * - re-applying sync's deltas with the applier to copies taken before sync
 *   gives the same DBs as sync in place;
 * - the mirrored surroundings agree with the agent DB (HARNESS.md §6.2);
 * - the phone matches the model, and its network fields match the §6.1
 *   derivation;
 * - every predicate agrees with the model's answer.
 */
import { produce } from "immer";
import { runSync } from "../../../src/engine/sync.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { isJsonObject } from "../../../src/json/types.js";
import { jsonEqual } from "../../../src/fuzz/equality.js";
import type { PhoneModel } from "./phone-model.js";
import { canSendMms, dataWorks, deriveNetwork, phoneMismatches, speedTest } from "./phone-model.js";
import type { TelecomModel, TelecomReal } from "./telecom-commands.js";

const obj = (v: JsonValue | undefined): JsonObject => (isJsonObject(v) ? v : {});
const rows = (db: JsonObject, table: string): JsonObject[] => {
  const t = db[table];
  return Array.isArray(t) ? t.filter(isJsonObject) : [];
};
const num = (v: JsonValue | undefined): number => (typeof v === "number" ? v : 0);

function fail(where: string, what: string): never {
  throw new Error(`after ${where}: ${what}`);
}

function syncStep(r: TelecomReal, where: string): void {
  const spec = r.domain.sync;
  if (!spec) fail(where, "telecom has no sync");
  const before = r.state;
  const synced = runSync(r.domain, before);
  if (synced.errors.length > 0) fail(where, `sync errors ${JSON.stringify(synced.errors)}`);
  const again = runSync(r.domain, synced.state);
  if (Object.values(again.deltas).some((d) => d && Object.keys(d).length > 0)) fail(where, `no fixpoint: second sync gave ${JSON.stringify(again.deltas)}`);
  for (const side of ["agent", "user"] as const) {
    const delta = synced.deltas[side] ?? {};
    const copy = before.dbs[side] as JsonObject;
    const applied = Object.keys(delta).length === 0 ? copy : produce(copy, (d) => void spec.applyDelta(d, delta));
    if (!jsonEqual(applied, synced.state.dbs[side])) fail(where, `applying the ${side} delta ${JSON.stringify(delta)} to a copy differs from sync in place`);
  }
  r.state = synced.state;
}

/** §6.2: the customer a phone number belongs to (primary phone, or one of their lines'). */
function customerByPhone(agent: JsonObject, phone: JsonValue): JsonObject | undefined {
  const lines = rows(agent, "lines");
  return rows(agent, "customers").find(
    (c) => c["phone_number"] === phone || (Array.isArray(c["line_ids"]) ? c["line_ids"] : []).some((id) => lines.find((l) => l["line_id"] === id)?.["phone_number"] === phone),
  );
}

function checkMirror(agent: JsonObject, s: JsonObject, where: string): void {
  const phone = s["phone_number"] ?? null;
  const line = phone === null ? undefined : rows(agent, "lines").find((l) => l["phone_number"] === phone);
  const request = s["payment_request"] ?? null;
  // Sync stops early when no line carries the phone's number, leaving even a paid request as it is.
  if (!line) return;
  if (isJsonObject(request) && request["paid"] !== false) fail(where, `payment request left unsettled: ${JSON.stringify(request)}`);
  if (s["line_active"] !== (line["status"] === "Active")) fail(where, `line_active ${String(s["line_active"])} but line ${String(line["line_id"])} is ${String(line["status"])}`);
  if (s["roaming_allowed"] !== (line["roaming_enabled"] === true)) fail(where, `roaming_allowed ${String(s["roaming_allowed"])} vs line roaming ${String(line["roaming_enabled"])}`);
  const plan = rows(agent, "plans").find((p) => p["plan_id"] === line["plan_id"]);
  if (plan) {
    const exceeded = num(line["data_used_gb"]) >= num(plan["data_limit_gb"]) + num(line["data_refueling_gb"]);
    if (s["mobile_data_usage_exceeded"] !== exceeded) fail(where, `mobile_data_usage_exceeded ${String(s["mobile_data_usage_exceeded"])}, expected ${String(exceeded)}`);
  }
  if (request === null) {
    const customer = customerByPhone(agent, phone);
    const billIds = Array.isArray(customer?.["bill_ids"]) ? customer["bill_ids"] : [];
    const awaiting = billIds.find((id) => rows(agent, "bills").find((b) => b["bill_id"] === id)?.["status"] === "Awaiting Payment");
    if (awaiting !== undefined) fail(where, `bill ${String(awaiting)} awaits payment but the phone shows no request`);
  }
}

function checkPhone(m: PhoneModel, user: JsonObject, where: string): void {
  const mismatches = phoneMismatches(m, user);
  if (mismatches.length > 0) fail(where, `phone differs from the model: ${mismatches.join("; ")}`);
  const d = obj(user["device"]);
  const s = obj(user["surroundings"]);
  const net = deriveNetwork(m, obj(s["signal_strength"]), s["line_active"] === true);
  const shown: JsonObject = { status: d["network_connection_status"] ?? null, technology: d["network_technology_connected"] ?? null, signal: d["network_signal_strength"] ?? null };
  if (!jsonEqual(shown, { ...net })) fail(where, `network ${JSON.stringify(shown)}, derivation gives ${JSON.stringify(net)}`);
}

function checkPredicates(m: PhoneModel, r: TelecomReal, where: string): void {
  const preds = r.domain.predicates ?? {};
  const user = r.state.dbs.user as JsonObject;
  const agent = r.state.dbs.agent as JsonObject;
  const s = obj(user["surroundings"]);
  const net = deriveNetwork(m, obj(s["signal_strength"]), s["line_active"] === true);
  const surroundings = { roamingAllowed: s["roaming_allowed"] === true, usageExceeded: s["mobile_data_usage_exceeded"] === true };
  const data = dataWorks(m, net, surroundings);
  const speed = speedTest(m, net, surroundings);
  const mms = canSendMms(m, net, surroundings);
  const expect = (name: string, db: JsonObject, args: JsonObject, want: boolean): void => {
    const p = preds[name];
    if (!p) fail(where, `predicate ${name} is missing`);
    const got = p(db, args);
    if (got !== want) fail(where, `${name}(${JSON.stringify(args)}) = ${JSON.stringify(got)}, model says ${String(want)}`);
  };
  expect("assert_mobile_data_status", user, { expected_status: data }, true);
  expect("assert_mobile_data_status", user, { expected_status: !data }, false);
  // The model rounds like the reference up to a cent; probe on either side of its value.
  expect("assert_internet_speed", user, { expected_speed: speed.speed - 0.005 }, true);
  expect("assert_internet_speed", user, { expected_speed: speed.speed + 0.005 }, false);
  expect("assert_internet_speed", user, { expected_speed: 0, expected_desc: speed.label.toUpperCase() }, true);
  for (const status of ["connected", "searching", "no_service", "emergency_only"]) expect("assert_service_status", user, { expected_status: status }, status === net.status);
  expect("assert_can_send_mms", user, { expected_status: mms }, true);
  for (const customer of rows(agent, "customers")) {
    const own = Array.isArray(customer["line_ids"]) ? customer["line_ids"] : [];
    for (const line of rows(agent, "lines")) {
      const args = { customer_id: customer["customer_id"] ?? null, line_id: line["line_id"] ?? null, expected_amount: num(line["data_refueling_gb"]) };
      expect("assert_data_refueling_amount", agent, args, own.includes(line["line_id"] ?? null));
    }
  }
  for (const id of [...rows(agent, "bills").map((b) => b["bill_id"] ?? null), "B-none"]) {
    // The first bill with that id is the one that counts.
    const bill = rows(agent, "bills").find((b) => b["bill_id"] === id);
    expect("assert_no_overdue_bill", agent, { overdue_bill_id: id }, bill === undefined || bill["status"] === "Paid");
  }
}

/** The full check after a step: sync, then every invariant above. */
export function checkAfterSync(m: TelecomModel, r: TelecomReal, where: string): void {
  syncStep(r, where);
  const user = r.state.dbs.user as JsonObject;
  checkMirror(r.state.dbs.agent as JsonObject, obj(user["surroundings"]), where);
  checkPhone(m.phone, user, where);
  checkPredicates(m.phone, r, where);
}

/** The predicates the checks above cover; a new predicate must be added here and modelled. */
export const MODELLED_PREDICATES = [
  "assert_mobile_data_status",
  "assert_internet_speed",
  "assert_service_status",
  "assert_can_send_mms",
  "assert_data_refueling_amount",
  "assert_no_overdue_bill",
];
