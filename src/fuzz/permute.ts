/**
 * Reorderings that must not change a DB hash: the key order of every object,
 * and the element order of every list filed under an order-independent field
 * name (at any depth, as the hash sorts them there).
 */
import type { Rng } from "../engine/rng.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { ORDER_INDEPENDENT_LIST_FIELDS, pySortKeyDump } from "../hash/db/index.js";
import { setOwn } from "./values.js";

function shuffled<T>(xs: readonly T[], rng: Rng): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A deep copy with object keys (and order-independent lists) in a random order. */
export function permuted(v: JsonValue, rng: Rng, orderFree = false): JsonValue {
  if (Array.isArray(v)) {
    const items = v.map((x) => permuted(x, rng));
    return orderFree ? shuffled(items, rng) : items;
  }
  if (!isJsonObject(v)) return v;
  const out: JsonObject = {};
  for (const k of shuffled(Object.keys(v), rng)) setOwn(out, k, permuted(v[k] as JsonValue, rng, ORDER_INDEPENDENT_LIST_FIELDS.has(k)));
  return out;
}

/** Paths of lists whose order matters (not under an order-independent name) whose first two elements differ. */
export function orderedLists(v: JsonValue, path: (string | number)[] = [], out: (string | number)[][] = [], orderFree = false): (string | number)[][] {
  if (Array.isArray(v)) {
    // Different once normalized ("None" and null hash alike), so the swap must show.
    if (!orderFree && v.length >= 2 && pySortKeyDump(v[0] as JsonValue) !== pySortKeyDump(v[1] as JsonValue)) out.push(path);
    v.forEach((x, i) => orderedLists(x, [...path, i], out));
  } else if (isJsonObject(v)) {
    for (const [k, x] of Object.entries(v)) orderedLists(x, [...path, k], out, ORDER_INDEPENDENT_LIST_FIELDS.has(k));
  }
  return out;
}

/** A copy with the first two elements of the list at `path` swapped. */
export function withSwapped(v: JsonValue, path: readonly (string | number)[]): JsonValue {
  const copy = structuredClone(v);
  let cur: JsonValue = copy;
  for (const seg of path) cur = (cur as Record<string | number, JsonValue>)[seg] as JsonValue;
  const list = cur as JsonValue[];
  [list[0], list[1]] = [list[1] as JsonValue, list[0] as JsonValue];
  return copy;
}

/** A sample of a DB small enough to hash many times: a few records of each table, everything else whole. */
export function sampleOf(db: JsonObject, rng: Rng, perTable: number): JsonObject {
  const out: JsonObject = {};
  for (const [k, t] of Object.entries(db)) {
    if (isJsonObject(t) && Object.keys(t).length > perTable) {
      const keys = Object.keys(t);
      const part: JsonObject = {};
      for (let i = 0; i < perTable; i++) {
        const key = keys[rng.int(keys.length)] as string;
        setOwn(part, key, t[key] as JsonValue);
      }
      setOwn(out, k, part);
    } else if (Array.isArray(t) && t.length > perTable) {
      setOwn(out, k, t.slice(0, perTable));
    } else {
      setOwn(out, k, t);
    }
  }
  return out;
}
