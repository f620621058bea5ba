/**
 * The one module that hashes DB states. It reproduces NeMo's `get_dict_hash`
 * (eva 0.1.3 `hash_utils`) byte for byte:
 *
 *   json.dumps(normalize(obj minus top-level "session"), sort_keys=True,
 *              separators=(",", ":"), default=str)  ->  SHA-256 hex
 *
 * Normalization and serialization happen in one pass. Lists under an
 * order-independent key are sorted by their elements' `json.dumps(x,
 * sort_keys=True)` text, which uses Python's *default* separators.
 */
import { createHash } from "node:crypto";
import type { JsonValue } from "../json/types.js";
import { integralToString, pythonFloatRepr } from "../json/python-float.js";
import { compareCodePoints, pythonJsonString, pythonStrip } from "../json/python-string.js";

export const ORDER_INDEPENDENT_LIST_FIELDS: ReadonlySet<string> = new Set([
  "standby_list",
  "notifications",
  "bookings",
  "system_accounts",
  "group_memberships",
  "asset_recoveries",
]);

export const HASH_EXCLUDED_KEYS: ReadonlySet<string> = new Set(["session"]);

interface Separators {
  readonly item: string;
  readonly key: string;
}
const COMPACT: Separators = { item: ",", key: ":" };
const DEFAULT: Separators = { item: ", ", key: ": " };

/** True when Python's `s.strip().lower() in ("none", "null")`. */
export function isNoneLikeString(s: string): boolean {
  if (s.length < 4) return false;
  const t = s.length === 4 ? s : pythonStrip(s);
  if (t.length !== 4) return false;
  const lower = t.toLowerCase();
  return lower === "none" || lower === "null";
}

function numberText(x: number): string {
  if (!Number.isFinite(x)) return pythonFloatRepr(x);
  return Number.isInteger(x) ? integralToString(x) : pythonFloatRepr(x);
}

function serialize(v: JsonValue | undefined, sep: Separators, sortList: boolean): string {
  if (v === null || v === undefined) return "null";
  switch (typeof v) {
    case "string":
      return isNoneLikeString(v) ? "null" : pythonJsonString(v);
    case "number":
      return numberText(v);
    case "bigint":
      return v.toString();
    case "boolean":
      return v ? "true" : "false";
    case "object":
      break;
    default:
      throw new TypeError(`not a JSON value: ${typeof v}`);
  }
  if (Array.isArray(v)) {
    const parts = v.map((x) => serialize(x, sep, false));
    if (sortList) sortByPythonDumps(v, parts, sep);
    return `[${parts.join(sep.item)}]`;
  }
  const keys = Object.keys(v).sort(compareCodePoints);
  let out = "{";
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (i > 0) out += sep.item;
    out += pythonJsonString(k) + sep.key + serialize(v[k], sep, ORDER_INDEPENDENT_LIST_FIELDS.has(k));
  }
  return out + "}";
}

/** Stable sort of `parts` (serialized elements of `items`) by each element's default-separator dump. */
function sortByPythonDumps(items: readonly JsonValue[], parts: string[], sep: Separators): void {
  const keyed = items.map((x, i) => ({
    key: sep === DEFAULT ? (parts[i] as string) : serialize(x, DEFAULT, false),
    part: parts[i] as string,
  }));
  // Sort keys are ASCII (ensure_ascii), so code-unit order is code-point order.
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 0; i < keyed.length; i++) parts[i] = (keyed[i] as { part: string }).part;
}

/** The exact text `get_dict_hash` feeds to SHA-256. */
export function canonicalJson(obj: JsonValue): string {
  if (obj !== null && typeof obj === "object" && !Array.isArray(obj)) {
    const keys = Object.keys(obj).filter((k) => !HASH_EXCLUDED_KEYS.has(k));
    const trimmed: Record<string, JsonValue> = {};
    for (const k of keys) trimmed[k] = obj[k] as JsonValue;
    return serialize(trimmed, COMPACT, false);
  }
  return serialize(obj, COMPACT, false);
}

/** Python's `json.dumps(normalize(x), sort_keys=True, default=str)`, default separators. */
export function pythonSortKeyDump(x: JsonValue): string {
  return serialize(x, DEFAULT, false);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** `get_dict_hash(obj)`. */
export function dbHash(obj: JsonValue): string {
  return sha256Hex(canonicalJson(obj));
}

/** The reference's summary hash: null for a missing or empty DB. */
export function summaryHash(db: JsonValue | undefined): string | null {
  if (db === undefined || db === null) return null;
  if (typeof db === "object" && !Array.isArray(db) && Object.keys(db).length === 0) return null;
  return dbHash(db);
}
