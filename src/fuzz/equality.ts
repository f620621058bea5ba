/**
 * Comparing DBs cheaply. Hashing the 7 MB airline DB takes about a second,
 * but two runs from one frozen fixture share every subtree they did not
 * touch, so a deep comparison that stops at shared references costs only the
 * size of what changed. Equal values always have equal hashes; only when the
 * values differ is the real hash consulted (the hash forgives key order,
 * "none"-like strings and the order of order-independent lists).
 */
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { dbHash } from "../hash/db/index.js";

/** Deep equality of JSON values; `orderedKeys` also demands the same key order (results shown to a model). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined, orderedKeys = false): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], orderedKeys)) return false;
    return true;
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (let i = 0; i < ka.length; i++) {
      const k = ka[i] as string;
      if (orderedKeys ? kb[i] !== k : !Object.hasOwn(b, k)) return false;
      if (!jsonEqual(a[k], b[k], orderedKeys)) return false;
    }
    return true;
  }
  return false;
}

/** `get_dict_hash(a) == get_dict_hash(b)`, without hashing when the values are plainly equal. */
export function sameDbHash(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (jsonEqual(a, b)) return true;
  if (a === undefined || b === undefined) return false;
  return dbHash(a) === dbHash(b);
}
