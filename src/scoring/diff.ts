/**
 * `compute_db_diff(expected, actual)`: a structured debugging diff in the
 * reference's shape. The verdict is always the hash; this explains it.
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { compareCodePoints } from "../json/py-string.js";
import { ORDER_INDEPENDENT_LIST_FIELDS } from "../hash/db/index.js";
import { normalizeForComparison, sortByDump } from "./normalize.js";
import { pyEquals } from "../python/semantics.js";
import { pyTypeName } from "../python/text.js";

/** The structured difference between an expected and an actual DB, in the reference's `compute_db_diff` shape. */
export interface DbDiff {
  tables_added: string[];
  tables_removed: string[];
  tables_modified: Record<string, JsonObject>;
}

const sorted = (keys: Iterable<string>): string[] => [...keys].sort(compareCodePoints);

/** The structured difference between an expected and an actual DB, as the reference's `compute_db_diff` gives it (the verdict is always the hash; this explains it). */
export function computeDbDiff(expected: JsonObject, actual: JsonObject): DbDiff {
  const exp = new Set(Object.keys(expected));
  const act = new Set(Object.keys(actual));
  const diff: DbDiff = {
    tables_added: sorted([...act].filter((k) => !exp.has(k))),
    tables_removed: sorted([...exp].filter((k) => !act.has(k))),
    tables_modified: {},
  };
  for (const table of sorted([...exp].filter((k) => act.has(k)))) {
    const e = expected[table] as JsonValue;
    const a = actual[table] as JsonValue;
    if (e === a && isJsonObject(e)) continue;
    if (!isJsonObject(e) || !isJsonObject(a)) {
      if (!pyEquals(e, a)) diff.tables_modified[table] = { type: "non_dict_table", expected: e, actual: a };
      continue;
    }
    const tableDiff = diffTable(e, a);
    if (tableDiff) diff.tables_modified[table] = tableDiff;
  }
  return diff;
}

function diffTable(expected: JsonObject, actual: JsonObject): JsonObject | undefined {
  const exp = Object.keys(expected);
  const act = Object.keys(actual);
  // Tables hold thousands of records and few differ: diff first, then sort only the keys that differ.
  const changed: [string, JsonObject][] = [];
  for (const key of exp) {
    if (!Object.hasOwn(actual, key)) continue;
    // A record neither run touched is the same frozen fixture value on both sides: equal without a look.
    // (Only untouched fixture records are shared, and fixture JSON holds no NaN, the one value unequal to itself.)
    if (expected[key] === actual[key]) continue;
    const d = diffRecord(expected[key] as JsonValue, actual[key] as JsonValue, "");
    if (d) changed.push([key, d]);
  }
  const added = sorted(act.filter((k) => !(k in expected)));
  const removed = sorted(exp.filter((k) => !Object.hasOwn(actual, k)));
  if (added.length === 0 && removed.length === 0 && changed.length === 0) return undefined;
  const modified: JsonObject = {};
  // defineProperty: a record keyed "__proto__" is an ordinary key here too.
  for (const [key, d] of changed.sort((a, b) => compareCodePoints(a[0], b[0]))) Object.defineProperty(modified, key, { value: d, enumerable: true, writable: true, configurable: true });
  return { records_added: added, records_removed: removed, records_modified: modified };
}

function diffRecord(expectedRaw: JsonValue, actualRaw: JsonValue, fieldName: string): JsonObject | undefined {
  let expected = normalizeForComparison(expectedRaw);
  let actual = normalizeForComparison(actualRaw);
  if (pyEquals(expected, actual)) return undefined;
  const et = pyTypeName(expected);
  const at = pyTypeName(actual);
  if (et !== at) return { type: "type_mismatch", expected, actual, expected_type: et, actual_type: at };

  if (isJsonObject(expected) && isJsonObject(actual)) {
    const ek = Object.keys(expected);
    const ak = new Set(Object.keys(actual));
    const modified: JsonObject = {};
    for (const key of sorted(ek.filter((k) => ak.has(k)))) {
      const d = diffRecord(expected[key] as JsonValue, actual[key] as JsonValue, key);
      if (d) modified[key] = d;
    }
    const added = sorted([...ak].filter((k) => !(k in (expected as JsonObject))));
    const removed = sorted(ek.filter((k) => !ak.has(k)));
    if (added.length === 0 && removed.length === 0 && Object.keys(modified).length === 0) return undefined;
    return { fields_added: added, fields_removed: removed, fields_modified: modified };
  }

  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (ORDER_INDEPENDENT_LIST_FIELDS.has(fieldName)) {
      expected = sortByDump(expected);
      actual = sortByDump(actual);
    }
    const e = expected;
    const a = actual;
    if (e.length !== a.length) {
      return { type: "list_length_mismatch", expected: e, actual: a, expected_length: e.length, actual_length: a.length };
    }
    const differences: JsonValue[] = [];
    e.forEach((item, index) => {
      const d = diffRecord(item, a[index] as JsonValue, "");
      if (d) differences.push({ index, diff: d });
    });
    return differences.length === 0 ? undefined : { type: "list_differences", differences };
  }
  return { type: "value_mismatch", expected, actual };
}
