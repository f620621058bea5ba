/**
 * Hashing a DB against a base. A subtree that is the very object the base
 * has at that place (frozen, so its bytes cannot have changed; same key, so
 * the same list order applies) is fed to SHA-256 as a slice of the base's
 * bytes; only the rest is serialized. The digest is that of the full text.
 * Objects that are not frozen are always serialized afresh.
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { compareCodePoints, pyJsonString } from "../../json/py-string.js";
import { BaseDigest } from "./base-digest.js";
import { digests, type Base } from "./bases.js";
import { HASH_EXCLUDED_KEYS, ORDER_INDEPENDENT_LIST_FIELDS } from "./fields.js";
import { isPlainObject, putValue, type Layout } from "./serialize.js";
import { shapeOfObject } from "./shapes.js";
import { putAscii, putByte } from "./writer.js";

/** Indices of the entries of `o` that differ from `was`'s, or undefined when their key sets differ. */
function changedEntries(o: JsonObject, was: JsonObject, keys: readonly string[], top: boolean): number[] | undefined {
  let count = 0;
  for (const k of Object.keys(o)) if (!top || !HASH_EXCLUDED_KEYS.has(k)) count++;
  if (count !== keys.length) return undefined;
  const changed: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = o[k];
    if (v === was[k]) continue;
    if (v === undefined && !Object.hasOwn(o, k)) return undefined;
    changed.push(i);
  }
  return changed;
}

/** Index of `k` in sorted `keys` at or after `from`, or -1. */
function findKey(keys: readonly string[], k: string, from: number): number {
  for (let j = from; j < keys.length; j++) {
    const c = compareCodePoints(keys[j] as string, k);
    if (c === 0) return j;
    if (c > 0) return -1;
  }
  return -1;
}

function isDeepFrozen(v: JsonValue | undefined): boolean {
  if (v === null || typeof v !== "object") return true;
  if (!Object.isFrozen(v)) return false;
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (!isDeepFrozen(x)) return false;
  return true;
}

interface Walk {
  readonly base: Base;
  readonly out: BaseDigest;
  /** Stays true while every container outside the base is frozen. */
  deepFrozen: boolean;
}

/** Emit `o`, which stands where the base has `was`, laid out by `layout`. */
function walk(w: Walk, o: JsonObject, was: JsonObject, layout: Layout, top: boolean): void {
  if (!Object.isFrozen(o)) w.deepFrozen = false;
  const changed = changedEntries(o, was, layout.keys, top);
  if (changed) walkSameKeys(w, o, was, layout, changed);
  else walkOtherKeys(w, o, was, layout, top);
}

/** Same keys: base bytes up to each changed value, then the value. */
function walkSameKeys(w: Walk, o: JsonObject, was: JsonObject, layout: Layout, changed: readonly number[]): void {
  const { keys, valueStart, valueEnd } = layout;
  let from = layout.start;
  for (const i of changed) {
    const k = keys[i] as string;
    w.out.range(from, valueStart[i] as number);
    emitChanged(w, k, o[k], was[k]);
    from = valueEnd[i] as number;
  }
  w.out.range(from, layout.end);
}

/** Keys added or removed: entry by entry, base bytes where an entry and its separator are unchanged. */
function walkOtherKeys(w: Walk, o: JsonObject, was: JsonObject, layout: Layout, top: boolean): void {
  const { out } = w;
  const { valueStart, valueEnd } = layout;
  const { keys } = shapeOfObject(o, top);
  out.range(layout.start, layout.start + 1);
  let from = 0;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const j = findKey(layout.keys, k, from);
    if (j >= 0) from = j + 1;
    if (j >= 0 && (i > 0) === (j > 0)) out.range(j > 0 ? (valueEnd[j - 1] as number) : layout.start + 1, valueStart[j] as number);
    else {
      out.beforeText();
      if (i > 0) putByte(0x2c);
      putAscii(`${pyJsonString(k)}:`);
    }
    const v = o[k];
    if (j >= 0 && v === was[k]) out.range(valueStart[j] as number, valueEnd[j] as number);
    else emitChanged(w, k, v, j >= 0 ? was[k] : undefined);
  }
  out.range(layout.end - 1, layout.end);
}

/** A value that is not the base's: walked against the base's when both are objects and the base's is wide. */
function emitChanged(w: Walk, k: string, v: JsonValue | undefined, old: JsonValue | undefined): void {
  const inner = isPlainObject(v) && isPlainObject(old) ? w.base.layouts.get(old) : undefined;
  if (inner) {
    walk(w, v as JsonObject, old as JsonObject, inner, false);
    return;
  }
  if (w.deepFrozen && !isDeepFrozen(v)) w.deepFrozen = false;
  w.out.beforeText();
  putValue(v, ORDER_INDEPENDENT_LIST_FIELDS.has(k));
}

/** The digest of `db`, which shares tables or records with `base`. */
export function hashAgainst(base: Base, db: JsonObject): string {
  const w: Walk = { base, out: new BaseDigest(base), deepFrozen: true };
  walk(w, db, base.root, base.layouts.get(base.root) as Layout, true);
  const digest = w.out.digest();
  if (w.deepFrozen) digests.set(db, digest);
  return digest;
}
