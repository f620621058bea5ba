/**
 * The DB hash: the one function that hashes DB states. It reproduces NeMo's `get_dict_hash`
 * (eva 0.1.3 `hash_utils`) byte for byte:
 *
 *   json.dumps(normalize(obj minus top-level "session"), sort_keys=True,
 *              separators=(",", ":"), default=str)  ->  SHA-256 hex
 *
 * Normalization and serialization happen in one pass, straight into bytes
 * (serialize.ts, writer.ts). Lists under an order-independent key are sorted
 * by their elements' `json.dumps(x, sort_keys=True)` text, which uses
 * Python's *default* separators.
 *
 * Incremental hashing. Scenario DBs are immer versions of deep-frozen
 * fixtures, so most of a DB is shared, unchanged, with a DB hashed before.
 * A large deep-frozen DB that shares nothing with an earlier one becomes a
 * base (bases.ts); a DB that shares a top-level table or one of its records
 * with a base is hashed against it (walk.ts, base-digest.ts).
 */
import type { JsonValue } from "../../json/types.js";
import { findBase, digests, hashAsBase } from "./bases.js";
import { hashFromScratch } from "./canonical.js";
import { isPlainObject } from "./serialize.js";
import { hashAgainst } from "./walk.js";

export { HASH_EXCLUDED_KEYS, ORDER_INDEPENDENT_LIST_FIELDS } from "./fields.js";
export { isNoneLikeString } from "../../python/none-like.js";
export { canonicalJson, pySortKeyDump } from "./canonical.js";

/** `get_dict_hash(obj)`. */
export function dbHash(obj: JsonValue): string {
  if (!isPlainObject(obj)) return hashFromScratch(obj);
  const known = digests.get(obj);
  if (known !== undefined) return known;
  const base = findBase(obj);
  if (base) return hashAgainst(base, obj);
  return Object.isFrozen(obj) ? hashAsBase(obj) : hashFromScratch(obj);
}

/** The reference's summary hash: null for a missing or empty DB. */
export function summaryHash(db: JsonValue | undefined): string | null {
  if (db === undefined || db === null) return null;
  if (typeof db === "object" && !Array.isArray(db) && Object.keys(db).length === 0) return null;
  return dbHash(db);
}
