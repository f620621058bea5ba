/**
 * Python dict semantics the eva tools lean on: `d.get(k, default)`
 * (a key holding `None` is returned as is), truthiness (an empty dict or list
 * is "not found"), `setdefault`, and `copy.deepcopy` of a draft subtree.
 */
import { copyMarks } from "../json/marks.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/types.js";
import { PyError } from "./error.js";
import { pyStrRepr } from "./text.js";

export function get(d: JsonObject, key: string): JsonValue | undefined;
export function get<T extends JsonValue>(d: JsonObject, key: string, fallback: T): JsonValue;
export function get(d: JsonObject, key: string, fallback?: JsonValue): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(d, key) ? d[key] : fallback;
}

/** `d.get(key)` for a value that must be a dict when present (tables, records). */
export function getObject(d: JsonObject, key: string): JsonObject | undefined {
  const v = get(d, key);
  return isJsonObject(v) ? v : undefined;
}

/** `d.get(key, [])` for a list of dicts. */
export function getObjects(d: JsonObject, key: string): JsonObject[] {
  const v = get(d, key);
  return Array.isArray(v) ? v.filter(isJsonObject) : [];
}

/** Python truthiness (`x or {}`, `if not found`). */
export { truthy } from "./semantics.js";

/** `d.setdefault(key, {})` for a table. */
export function tableOf(d: JsonObject, key: string): JsonObject {
  const existing = d[key];
  if (isJsonObject(existing)) return existing;
  const created: JsonObject = {};
  d[key] = created;
  return d[key];
}

/** A plain deep copy; reading through an immer draft yields plain values. */
export function cloneJson<T extends JsonValue>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  const out: JsonValue[] | JsonObject = Array.isArray(v) ? v.map((x) => cloneJson(x)) : {};
  if (!Array.isArray(v)) for (const k of Object.keys(v)) (out as JsonObject)[k] = cloneJson(v[k] as JsonValue);
  copyMarks(v, out);
  return out as T;
}

/** Python's KeyError for a missing DB key (`str()` is the key's repr). */
export class MissingKeyError extends PyError {
  constructor(key: string) {
    super("KeyError", pyStrRepr(key));
  }
}
