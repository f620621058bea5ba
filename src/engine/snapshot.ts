import { current, isDraft } from "immer";
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
  if (Array.isArray(v)) return v.map((x) => snapshot(x)) as T;
  const out: Record<string, JsonValue> = {};
  for (const k of Object.keys(v)) out[k] = snapshot(v[k] as JsonValue);
  return out as T;
}

/** A deep, mutable, plain copy of a value that may be, or hold, a draft of either kind. */
export function plainCopy<T extends JsonValue>(v: T): T {
  return v === null || typeof v !== "object" ? v : structuredClone(snapshot(v));
}
