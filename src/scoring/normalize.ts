import type { JsonValue } from "../json/types.js";
import { isNoneLikeString, ORDER_INDEPENDENT_LIST_FIELDS, pySortKeyDump } from "../hash/db/index.js";

/**
 * `normalize_for_comparison` as a value transform (the hash does the same
 * thing on the fly). Used by the diff, which compares normalized records.
 */
export function normalizeForComparison(v: JsonValue): JsonValue {
  if (typeof v === "string") return isNoneLikeString(v) ? null : v;
  if (typeof v === "number") return Object.is(v, -0) ? 0 : v;
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(normalizeForComparison);
  const out: Record<string, JsonValue> = {};
  for (const k of Object.keys(v)) {
    const n = normalizeForComparison(v[k] as JsonValue);
    out[k] = ORDER_INDEPENDENT_LIST_FIELDS.has(k) && Array.isArray(n) ? sortByDump(n) : n;
  }
  return out;
}

export function sortByDump(items: readonly JsonValue[]): JsonValue[] {
  const keyed = items.map((item) => ({ key: pySortKeyDump(item), item }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.item);
}

/** Python's type name for a normalized JSON value. */
export function pythonTypeName(v: JsonValue): string {
  if (v === null) return "NoneType";
  if (Array.isArray(v)) return "list";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return Number.isInteger(v) ? "int" : "float";
    case "string":
      return "str";
    default:
      return "dict";
  }
}

/** Python `==` on JSON values: `1 == 1.0 == True`, dict key order ignored. */
export function pythonEquals(a: JsonValue, b: JsonValue): boolean {
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na === nb;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => pythonEquals(x, b[i] as JsonValue));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && pythonEquals(a[k] as JsonValue, b[k] as JsonValue));
}

function numericValue(v: JsonValue): number | bigint | undefined {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) ? Number(v) : v;
  return undefined;
}
