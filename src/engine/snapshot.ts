import { current, isDraft } from "immer";
import { copyMarks } from "../json/marks.js";
import type { JsonValue } from "../json/types.js";
import { detachFromWorkspace, isWorkspaceDraft } from "./workspace.js";

/**
 * Detach a value from a draft (immer's or a workspace's) so it outlives the
 * call: drafts are replaced by their current plain value; frozen values are
 * shared; other containers are copied.
 */
export function snapshot<T extends JsonValue>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (isDraft(v)) return current(v as never);
  if (isWorkspaceDraft(v)) return detachFromWorkspace(v);
  // A frozen value holds no drafts (immer never freezes around one): share it.
  if (Object.isFrozen(v)) return v;
  const out: JsonValue[] | Record<string, JsonValue> = Array.isArray(v) ? v.map((x) => snapshot(x)) : {};
  if (!Array.isArray(v)) for (const k of Object.keys(v)) defineOwn(out as Record<string, JsonValue>, k, snapshot(v[k] as JsonValue));
  copyMarks(v, out);
  return out as T;
}

/** A deep, mutable, plain copy of a value that may be, or hold, a draft of either kind (float marks kept). */
export function plainCopy<T extends JsonValue>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  const raw = snapshot(v);
  const out: JsonValue[] | Record<string, JsonValue> = Array.isArray(raw) ? raw.map((x) => plainCopy(x)) : {};
  if (!Array.isArray(raw)) for (const k of Object.keys(raw)) defineOwn(out as Record<string, JsonValue>, k, plainCopy(raw[k] as JsonValue));
  copyMarks(raw, out);
  return out as T;
}

// "__proto__" stays an ordinary own key, as in parsed JSON.
function defineOwn(obj: Record<string, JsonValue>, key: string, v: JsonValue): void {
  Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
}
