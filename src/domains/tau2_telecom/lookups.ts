/**
 * Agent-DB lookups shared by the agent-side predicates and init functions.
 * Each returns `undefined` when nothing matches (the reference returns None
 * where upstream tau2 raised); ids compare with Python `==`.
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { contains, getItem, getOr, iterate, pyEquals, truthy } from "../../python/semantics.js";

/** `db.get(key) or []`, iterated. */
function records(db: JsonObject, key: string): JsonValue[] {
  const value = getOr(db, key, null);
  return truthy(value) ? iterate(value) : [];
}

function findBy(db: JsonObject, table: string, idField: string, id: JsonValue): JsonValue | undefined {
  return records(db, table).find((row) => pyEquals(getItem(row, idField), id));
}

/** `_get_bill_by_id`. */
export function getBillById(db: JsonObject, billId: JsonValue): JsonValue | undefined {
  return findBy(db, "bills", "bill_id", billId);
}

/** `_get_customer_by_id`. */
export function getCustomerById(db: JsonObject, customerId: JsonValue): JsonValue | undefined {
  return findBy(db, "customers", "customer_id", customerId);
}

/** `_get_line_by_id`. */
export function getLineById(db: JsonObject, lineId: JsonValue): JsonValue | undefined {
  return findBy(db, "lines", "line_id", lineId);
}

/** `_get_target_line`: the line, only if it is listed under that customer's `line_ids`. */
export function getTargetLine(db: JsonObject, customerId: JsonValue, lineId: JsonValue): JsonValue | undefined {
  const customer = getCustomerById(db, customerId);
  if (customer === undefined) return undefined;
  const lineIds = getOr(customer, "line_ids", null);
  if (!contains(truthy(lineIds) ? lineIds : [], lineId)) return undefined;
  return getLineById(db, lineId);
}
