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
