/**
 * What a workspace transaction remembers to roll back: the keys it overwrote
 * in objects it already owned, whole containers saved before a bulk change,
 * and which objects are new in it (writes to those need no undo).
 */
import { MARK_KEYS, type MarkKey } from "../json/marks.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { type Container, put } from "./workspace-values.js";

export type UndoEntry =
  | { readonly kind: "key"; readonly obj: Record<string, JsonValue>; readonly key: string | MarkKey; readonly had: boolean; readonly old: JsonValue | undefined }
  | { readonly kind: "whole"; readonly obj: Container; readonly saved: Container };

export class Transaction<N> {
  readonly log: UndoEntry[] = [];
  /** Objects copied or adopted in this transaction: writes to them need no undo. */
  readonly fresh = new Set<object>();
  readonly whole = new Set<object>();
  readonly keysLogged = new Map<object, Set<string | MarkKey>>();
  readonly adopted: Container[] = [];
  /** Drafts (their nodes, of type N) stored at a second place. */
  readonly stored: N[] = [];
  /** Where those drafts were stored: container object -> key -> draft. */
  readonly placed = new Map<object, Map<string, N>>();
  constructor(readonly rootAtStart: JsonObject) {}
}

export function restoreWhole(obj: Container, saved: Container): void {
  if (Array.isArray(obj)) {
    obj.length = 0;
    obj.push(...(saved as JsonValue[]));
    restoreMarks(obj, saved);
    return;
  }
  for (const k of Object.keys(obj)) delete obj[k];
  for (const k of Object.keys(saved)) put(obj, k, (saved as Record<string, JsonValue>)[k] as JsonValue);
  restoreMarks(obj, saved);
}

function restoreMarks(obj: Container, saved: Container): void {
  for (const key of MARK_KEYS) {
    const mark = (saved as { [k: symbol]: unknown })[key];
    if (mark !== undefined) (obj as { [k: symbol]: unknown })[key] = mark;
    else delete (obj as { [k: symbol]: unknown })[key];
  }
}
