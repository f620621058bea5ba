/**
 * The containers a workspace holds and the two writes every part of it makes
 * the same way: a key stored as JSON data has it, and a shallow copy that
 * keeps the container's marks.
 */
import { copyMarks, type MarkKey } from "../json/marks.js";
import type { JsonValue } from "../json/types.js";

export type Container = Record<string, JsonValue> | JsonValue[];

export const isContainer = (v: unknown): v is Container => typeof v === "object" && v !== null;

/** `obj[key] = v`, keeping "__proto__" an ordinary own key as JSON data has it. */
export function put(obj: Container, key: string | MarkKey, v: JsonValue): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
  else (obj as Record<PropertyKey, JsonValue>)[key] = v;
}

export function shallowCopy(t: Container): Container {
  let out: Container;
  if (Array.isArray(t)) out = t.slice();
  else {
    out = {};
    // A loop beats spread and Object.assign on the wide (dictionary-mode) tables.
    for (const k in t) if (Object.hasOwn(t, k)) put(out, k, t[k] as JsonValue);
  }
  copyMarks(t, out);
  return out;
}
