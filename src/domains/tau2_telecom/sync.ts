/**
 * Cross-side reconciliation between the agent's telecom DB and the user's
 * device DB, run after init and after every gold or live action. It mutates
 * both DBs and reports, per side, the keys that changed so the other copy of
 * that side's DB can catch up through `applyTelecomSyncDelta`.
 */
import type { SyncSpec } from "../../engine/domain.js";
// A plain copy of a DB value, safe to keep after the draft it came from is finalized.
import { plainCopy as detach } from "../../engine/snapshot.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { applyTelecomSyncDelta } from "./apply-delta.js";
import { getItem, getOr, iterate, pyEquals, pyStr, setItem, pyFloat, truthy } from "../../python/semantics.js";
import { isJsonObject } from "../../json/types.js";
import { PyNum, pyDict, pyGet } from "../../python/num.js";

export interface TelecomSyncDeltas {
  agent: JsonObject;
  user: JsonObject;
}

/** Iterate `db.get(key, [])`. */
function rows(db: JsonObject, key: string): JsonValue[] {
  return iterate(getOr(db, key, []));
}

function findBy(db: JsonObject, table: string, field: string, value: JsonValue): JsonValue | undefined {
  return rows(db, table).find((row) => pyEquals(getOr(row, field, null), value));
}

/** The customer whose own phone, or one of whose lines' phone, is `phone`. */
function findCustomerByPhone(agentDb: JsonObject, phone: JsonValue): JsonValue | undefined {
  for (const customer of rows(agentDb, "customers")) {
    if (pyEquals(getOr(customer, "phone_number", null), phone)) return customer;
    for (const lineId of iterate(getOr(customer, "line_ids", []))) {
      const line = findBy(agentDb, "lines", "line_id", lineId);
      if (line !== undefined && truthy(line) && pyEquals(getOr(line, "phone_number", null), phone)) return customer;
    }
  }
  return undefined;
}

/** Store `value` under `surroundings[field]` and in the user delta, if it differs. */
function mirror(surroundings: JsonValue, deltas: TelecomSyncDeltas, field: string, value: boolean): void {
  // A missing key reads as None, which never equals a bool.
  if (pyEquals(getOr(surroundings, field, null), value)) return;
  setItem(surroundings, field, value);
  deltas.user[`surroundings.${field}`] = value;
}


/** A paid request marks its bill Paid on the agent side and clears the request. */
function settlePaidRequest(agentDb: JsonObject, surroundings: JsonValue, deltas: TelecomSyncDeltas, request: JsonValue): void {
  const bill = findBy(agentDb, "bills", "bill_id", getItem(request, "bill_id"));
  if (bill !== undefined && !pyEquals(getOr(bill, "status", null), "Paid")) {
    setItem(bill, "status", "Paid");
    deltas.agent[`bills[${pyStr(getItem(bill, "bill_id"))}].status`] = "Paid";
  }
  setItem(surroundings, "payment_request", null);
  deltas.user["surroundings.payment_request"] = null;
}

/** `bill.get("total_due", 0)`: a number keeps its kind, anything else is copied out of a draft. */
function amountDue(bill: JsonValue): JsonValue | PyNum {
  const v = isJsonObject(bill) ? pyGet(bill, "total_due", 0) : getOr(bill, "total_due", 0);
  return v instanceof PyNum ? v : detach(v);
}

/** Surface the customer's first bill awaiting payment as the user's payment request. */
function raisePaymentRequest(agentDb: JsonObject, surroundings: JsonValue, deltas: TelecomSyncDeltas, phone: JsonValue): void {
  const customer = findCustomerByPhone(agentDb, phone);
  if (customer === undefined) return;
  for (const billId of iterate(getOr(customer, "bill_ids", []))) {
    const bill = findBy(agentDb, "bills", "bill_id", billId);
    if (bill === undefined || !pyEquals(getOr(bill, "status", null), "Awaiting Payment")) continue;
    // `bill.get("total_due", 0)`, an int or a float as the bill holds it.
    const request = (): JsonObject =>
      pyDict({
        bill_id: detach(getItem(bill, "bill_id")),
        amount_due: amountDue(bill),
        paid: false,
      });
    // The DB and the delta get equal but separate objects, so neither aliases the other
    // (and the delta never holds an immer draft that dies with its recipe).
    setItem(surroundings, "payment_request", request());
    deltas.user["surroundings.payment_request"] = request();
    return;
  }
}

/**
 * `sync_telecom_state`. Returns `{agent, user}` deltas; both are empty when
 * the user has no phone number or no agent line carries it.
 */
export function syncTelecomState(agentDb: JsonObject, userDb: JsonObject): TelecomSyncDeltas {
  const stored = getOr(userDb, "surroundings", null);
  const surroundings: JsonValue = truthy(stored) ? stored : {};
  const phone = getOr(surroundings, "phone_number", null);
  const deltas: TelecomSyncDeltas = { agent: {}, user: {} };
  if (phone === null) return deltas;
  const line = findBy(agentDb, "lines", "phone_number", phone);
  if (line === undefined) return deltas;

  mirror(surroundings, deltas, "line_active", pyEquals(getOr(line, "status", null), "Active"));
  mirror(surroundings, deltas, "roaming_allowed", truthy(getOr(line, "roaming_enabled", null)));
  const plan = findBy(agentDb, "plans", "plan_id", getOr(line, "plan_id", ""));
  if (plan !== undefined) {
    const used = pyFloat(getOr(line, "data_used_gb", 0));
    const refueling = pyFloat(getOr(line, "data_refueling_gb", 0));
    const limit = pyFloat(getOr(plan, "data_limit_gb", 0));
    mirror(surroundings, deltas, "mobile_data_usage_exceeded", used >= limit + refueling);
  }

  let request = getOr(surroundings, "payment_request", null);
  if (request !== null && truthy(getOr(request, "paid", null))) {
    settlePaidRequest(agentDb, surroundings, deltas, request);
    request = null;
  }
  if (request === null) raisePaymentRequest(agentDb, surroundings, deltas, phone);
  return deltas;
}

/** The telecom domain's sync capability. */
export const telecomSync: SyncSpec = { sync: syncTelecomState, applyDelta: applyTelecomSyncDelta };
