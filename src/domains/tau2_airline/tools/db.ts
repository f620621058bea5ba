/**
 * Reading the airline DB (`{flights, users, reservations}`) the way the
 * reference's dict helpers do: ids are case-normalized for lookup (voice
 * transcripts get the casing wrong), everything else is compared verbatim.
 */
import { copyMarks } from "../../../json/marks.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { numAt, pyIntNum, type PyNum } from "../../../python/num.js";

/** `d.get(key)`: own keys only, so ids like `constructor` are simply absent. */
export function entry(obj: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** `d.get(key)` for a dict-valued entry (or nothing). */
function objectEntry(obj: JsonValue | undefined, key: string): JsonObject | undefined {
  const value = entry(obj, key);
  return isJsonObject(value) ? value : undefined;
}

/** Python truthiness (`x or {}`, `if not found`). */
export { truthy } from "../../../python/semantics.js";

/** `(d.get(key) or {}).get(sub, fallback)` for numeric tables such as prices and seats. */
export function numberIn(obj: JsonValue | undefined, key: string, sub: string): number {
  const value = entry(objectEntry(obj, key), sub);
  return typeof value === "number" ? value : 0;
}

/** `(obj.get(key) or {}).get(sub, 0)` for a number, with its kind (an int stays exact). */
export function numIn(obj: JsonValue | undefined, key: string, sub: string): PyNum {
  const table = objectEntry(obj, key);
  return table === undefined ? pyIntNum(0) : numAt(table, sub);
}

// User ids are lower case in the DB; reservation ids and flight numbers upper case.
export const getUser = (db: JsonObject, userId: string): JsonObject | undefined =>
  objectEntry(db["users"], userId.toLowerCase());

export const getReservation = (db: JsonObject, reservationId: string): JsonObject | undefined =>
  objectEntry(db["reservations"], reservationId.toUpperCase());

export const getFlight = (db: JsonObject, flightNumber: string): JsonObject | undefined =>
  objectEntry(db["flights"], flightNumber.toUpperCase());

/** One dated instance of a flight (`flights[n].dates[date]`). */
export function getFlightInstance(db: JsonObject, flightNumber: string, date: string): JsonObject | undefined {
  const flight = getFlight(db, flightNumber);
  return flight ? objectEntry(flight["dates"], date) : undefined;
}

/** `d.setdefault(key, [])` / `d.setdefault(key, {})`. */
export function listAt(obj: JsonObject, key: string): JsonValue[] {
  const current = obj[key];
  if (Array.isArray(current)) return current;
  const created: JsonValue[] = [];
  obj[key] = created;
  return obj[key];
}
export function objectAt(obj: JsonObject, key: string): JsonObject {
  const current = obj[key];
  if (isJsonObject(current)) return current;
  obj[key] = {};
  return obj[key];
}

/** `copy.deepcopy` of a JSON value (works on immer drafts too). */
export function deepCopy<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) return copiedMarks(value, value.map((v) => deepCopy(v))) as T;
  if (isJsonObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepCopy(v);
    return copiedMarks(value, out) as T;
  }
  return value;
}

function copiedMarks<T extends object>(from: object, to: T): T {
  copyMarks(from, to);
  return to;
}

export function notFound(message: string): JsonObject {
  return { status: "error", error_type: "not_found", message };
}
export function valueError(message: string): JsonObject {
  return { status: "error", error_type: "value_error", message };
}
