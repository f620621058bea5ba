/**
 * The one module that hashes DB states. It reproduces NeMo's `get_dict_hash`
 * (eva 0.1.3 `hash_utils`) byte for byte:
 *
 *   json.dumps(normalize(obj minus top-level "session"), sort_keys=True,
 *              separators=(",", ":"), default=str)  ->  SHA-256 hex
 *
 * Normalization and serialization happen in one pass, straight into bytes
 * (`ensure_ascii` makes the text ASCII). Lists under an order-independent key
 * are sorted by their elements' `json.dumps(x, sort_keys=True)` text, which
 * uses Python's *default* separators.
 *
 * Incremental hashing. Scenario DBs are immer versions of deep-frozen
 * fixtures, so most of a DB is shared, unchanged, with a DB hashed before.
 * A large deep-frozen DB that shares nothing with an earlier one becomes a
 * *base*: its canonical bytes are kept, with the byte range of every entry of
 * its wide objects and SHA-256 states at regular offsets. A DB that shares a
 * top-level table or one of its records with a base is hashed against it: a
 * subtree that is the very object the base has at that place (frozen, so its
 * bytes cannot have changed; same key, so the same list order applies) is fed
 * to SHA-256 as a slice of the base's bytes, only the rest is serialized, and
 * the hash of the unchanged prefix resumes from a stored state
 * (`Hash.copy()`). The cost is the changed part plus hashing the bytes after
 * the first change; the digest is that of the full text. Objects that are not
 * frozen are always serialized afresh.
 */
import type { Hash } from "node:crypto";
import { createHash } from "node:crypto";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { integralToString, pythonFloatRepr } from "../../json/python-float.js";
import { compareCodePoints, pythonJsonString } from "../../json/python-string.js";
import { pyStrip as pythonStrip } from "../../python/strip.js";

export const ORDER_INDEPENDENT_LIST_FIELDS: ReadonlySet<string> = new Set([
  "standby_list",
  "notifications",
  "bookings",
  "system_accounts",
  "group_memberships",
  "asset_recoveries",
]);

export const HASH_EXCLUDED_KEYS: ReadonlySet<string> = new Set(["session"]);

/** True when Python's `s.strip().lower() in ("none", "null")`. */
export function isNoneLikeString(s: string): boolean {
  const n = s.length;
  if (n < 4) return false;
  if (n > 4) {
    // Only surrounding whitespace can bring a longer string down to four characters.
    const a = s.charCodeAt(0);
    const z = s.charCodeAt(n - 1);
    if (a > 0x20 && a < 0x85 && z > 0x20 && z < 0x85) return false;
  }
  const t = n === 4 ? s : pythonStrip(s);
  if (t.length !== 4) return false;
  const lower = t.toLowerCase();
  return lower === "none" || lower === "null";
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

// ---------------------------------------------------------------------------
// Byte writer: one growable buffer, reused across calls

let buf = Buffer.allocUnsafe(1 << 16);
let pos = 0;

function ensure(n: number): void {
  if (pos + n <= buf.length) return;
  const next = Buffer.allocUnsafe(Math.max(buf.length * 2, pos + n));
  buf.copy(next, 0, 0, pos);
  buf = next;
}

function putByte(c: number): void {
  ensure(1);
  buf[pos++] = c;
}

/** Text known to be ASCII. A loop beats a native call for the short pieces JSON is made of. */
function putAscii(s: string): void {
  const n = s.length;
  ensure(n);
  if (n > 32) {
    pos += buf.write(s, pos, "latin1");
    return;
  }
  for (let i = 0; i < n; i++) buf[pos + i] = s.charCodeAt(i);
  pos += n;
}

/** A JSON string literal; escaping is only needed from the first unsafe character on. */
function putString(s: string): void {
  const n = s.length;
  ensure(n + 2);
  buf[pos] = 0x22;
  let p = pos + 1;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      pos = p;
      putAscii(pythonJsonString(s.slice(i)).slice(1));
      return;
    }
    buf[p++] = c;
  }
  buf[p++] = 0x22;
  pos = p;
}

function putNumber(x: number): void {
  if (Number.isInteger(x)) putAscii(x <= 2 ** 53 && x >= -(2 ** 53) ? `${x}` : integralToString(x));
  else {
    // In [1e-4, 1e16) both Python's repr and JS print the shortest round-trip
    // digits positionally; elsewhere their layouts differ.
    const a = x < 0 ? -x : x;
    putAscii(a >= 1e-4 && a < 1e16 ? `${x}` : pythonFloatRepr(x));
  }
}

// ---------------------------------------------------------------------------
// Key order, cached per object shape

interface Shape {
  /** `Object.keys` order, to recognize the next object of the same shape. */
  readonly own: readonly string[];
  /** Python's order (code points). */
  readonly keys: readonly string[];
  /** `"key":` per sorted key, with the separating comma before all but the first. */
  readonly texts: readonly string[];
  readonly orderFree: readonly boolean[];
}

// Records of one table share their key order, so one entry per first key hits nearly always.
const shapes = new Map<string, Shape>();
const SHAPE_LIMIT = 1 << 12;
const SURROGATE = /[\ud800-\udfff]/;

/** UTF-16 order is code-point order unless a key holds an astral character. */
function sortKeys(keys: string[]): string[] {
  keys.sort();
  for (const k of keys) if (SURROGATE.test(k)) return keys.sort(compareCodePoints);
  return keys;
}

function shapeOf(own: string[]): Shape {
  const first = own[0] as string;
  const hit = shapes.get(first);
  if (hit && hit.own.length === own.length) {
    let i = 1;
    while (i < own.length && hit.own[i] === own[i]) i++;
    if (i === own.length) return hit;
  }
  const keys = sortKeys(own.slice());
  const shape: Shape = {
    own,
    keys,
    texts: keys.map((k, i) => `${i > 0 ? "," : ""}${pythonJsonString(k)}:`),
    orderFree: keys.map((k) => ORDER_INDEPENDENT_LIST_FIELDS.has(k)),
  };
  if (shapes.size >= SHAPE_LIMIT) shapes.clear();
  shapes.set(first, shape);
  return shape;
}

const NO_KEYS: Shape = { own: [], keys: [], texts: [], orderFree: [] };

/** The shape of `o`; at the top level the excluded keys are left out. */
function shapeOfObject(o: object, top: boolean): Shape {
  let own = Object.keys(o);
  if (top) own = own.filter((k) => !HASH_EXCLUDED_KEYS.has(k));
  return own.length === 0 ? NO_KEYS : shapeOf(own);
}

// ---------------------------------------------------------------------------
// Canonical serialization

/** Where the entries of one wide object of a base sit in the base's bytes. */
interface Layout {
  readonly keys: readonly string[];
  readonly valueStart: Int32Array;
  readonly valueEnd: Int32Array;
  readonly start: number;
  readonly end: number;
}

/** Objects whose text is shorter are re-serialized whole when they change. */
const WIDE_BYTES = 1024;

// While building a base: the layouts found so far, how many unfrozen containers were met,
// entry offsets, and how many lists enclose the current value (walks never enter a list, and
// the elements of an order-independent list move after they are written).
let capture: Map<object, Layout> | undefined;
let unfrozenSeen = 0;
const offsets: number[] = [];
let listDepth = 0;

function putValue(v: JsonValue | undefined, sortList: boolean): void {
  switch (typeof v) {
    case "string":
      if (isNoneLikeString(v)) putAscii("null");
      else putString(v);
      return;
    case "number":
      putNumber(v);
      return;
    case "object":
      if (v === null) putAscii("null");
      else if (Array.isArray(v)) putList(v, sortList);
      else putObject(v, shapeOfObject(v, false));
      return;
    case "boolean":
      putAscii(v ? "true" : "false");
      return;
    case "bigint":
      putAscii(v.toString());
      return;
    case "undefined":
      putAscii("null");
      return;
    default:
      throw new TypeError(`not a JSON value: ${typeof v}`);
  }
}

function putObject(o: JsonObject, shape: Shape, force = false): void {
  const { keys, texts, orderFree } = shape;
  const start = pos;
  let before = 0;
  if (capture) {
    before = unfrozenSeen;
    if (!Object.isFrozen(o)) unfrozenSeen++;
  }
  const mark = offsets.length;
  putByte(0x7b);
  for (let i = 0; i < keys.length; i++) {
    putAscii(texts[i] as string);
    if (capture) offsets.push(pos);
    putValue(o[keys[i] as string], orderFree[i] as boolean);
    if (capture) offsets.push(pos);
  }
  putByte(0x7d);
  if (capture) keepLayout(o, keys, start, mark, force || (listDepth === 0 && pos - start >= WIDE_BYTES && unfrozenSeen === before));
}

function keepLayout(o: JsonObject, keys: readonly string[], start: number, mark: number, keep: boolean): void {
  if (keep && capture) {
    const valueStart = new Int32Array(keys.length);
    const valueEnd = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      valueStart[i] = offsets[mark + 2 * i] as number;
      valueEnd[i] = offsets[mark + 2 * i + 1] as number;
    }
    capture.set(o, { keys, valueStart, valueEnd, start, end: pos });
  }
  offsets.length = mark;
}

function putList(a: readonly JsonValue[], sortList: boolean): void {
  if (capture && !Object.isFrozen(a)) unfrozenSeen++;
  const start = pos;
  listDepth++;
  putByte(0x5b);
  if (sortList && a.length > 1) {
    const ends: number[] = [];
    for (let i = 0; i < a.length; i++) {
      if (i > 0) putByte(0x2c);
      putValue(a[i], false);
      ends.push(pos);
    }
    sortListBytes(a, start, ends);
  } else {
    for (let i = 0; i < a.length; i++) {
      if (i > 0) putByte(0x2c);
      putValue(a[i], false);
    }
  }
  putByte(0x5d);
  listDepth--;
}

/**
 * Reorder the serialized elements of `a` (ending at `ends`) stably by their
 * default-separator dump, which is ASCII, so code-unit order is code-point order.
 */
function sortListBytes(a: readonly JsonValue[], start: number, ends: readonly number[]): void {
  const from = (i: number): number => (i === 0 ? start + 1 : (ends[i - 1] as number) + 1);
  const order = a.map((x, i) => ({ i, key: x !== null && typeof x === "object" ? spaced(x, false) : buf.toString("latin1", from(i), ends[i]) }));
  order.sort((p, q) => (p.key < q.key ? -1 : p.key > q.key ? 1 : 0));
  if (order.every((o, k) => o.i === k)) return;
  const old = Buffer.from(buf.subarray(start + 1, pos));
  let p = start + 1;
  order.forEach(({ i }, k) => {
    if (k > 0) buf[p++] = 0x2c;
    p += old.copy(buf, p, from(i) - start - 1, (ends[i] as number) - start - 1);
  });
}

/** Python's default separators (`, ` and `: `), as text: used for sort keys only. */
function spaced(v: JsonValue | undefined, sortList: boolean): string {
  if (v === null || typeof v !== "object") {
    if (typeof v === "string") return isNoneLikeString(v) ? "null" : pythonJsonString(v);
    const mark = pos;
    putValue(v, false);
    const text = buf.toString("latin1", mark, pos);
    pos = mark;
    return text;
  }
  if (Array.isArray(v)) {
    const parts = v.map((x) => spaced(x, false));
    if (sortList) parts.sort();
    return `[${parts.join(", ")}]`;
  }
  const { keys, orderFree } = shapeOfObject(v, false);
  return `{${keys.map((k, i) => `${pythonJsonString(k)}: ${spaced(v[k], orderFree[i] as boolean)}`).join(", ")}}`;
}

function isPlainObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Serialize into the writer's buffer from offset 0; the bytes are `buf[0, pos)`. */
function writeCanonical(obj: JsonValue): void {
  pos = 0;
  if (isPlainObject(obj)) putObject(obj, shapeOfObject(obj, true));
  else putValue(obj, false);
}

/** The exact text `get_dict_hash` feeds to SHA-256. */
export function canonicalJson(obj: JsonValue): string {
  writeCanonical(obj);
  return buf.toString("latin1", 0, pos);
}

/** Python's `json.dumps(normalize(x), sort_keys=True, default=str)`, default separators. */
export function pythonSortKeyDump(x: JsonValue): string {
  return spaced(x, false);
}

function hashFromScratch(obj: JsonValue): string {
  writeCanonical(obj);
  return createHash("sha256").update(buf.subarray(0, pos)).digest("hex");
}

// ---------------------------------------------------------------------------
// Bases: deep-frozen DBs kept with their bytes, for hashing their successors

interface Base {
  readonly root: JsonObject;
  readonly bytes: Buffer;
  readonly layouts: ReadonlyMap<object, Layout>;
  /** `checkpoints[i]`: SHA-256 state after the first `i * CHECKPOINT_BYTES` bytes. */
  readonly checkpoints: readonly Hash[];
  readonly digest: string;
}

const CHECKPOINT_BYTES = 16 * 1024;
/** Below this a DB is hashed from scratch: keeping it as a base would not pay. */
const BASE_MIN_BYTES = 64 * 1024;

/** Each base under its root and under each of its top-level tables. */
const bases = new WeakMap<object, Base>();
/** Digests of deep-frozen DBs. */
const digests = new WeakMap<object, string>();

/** Hash a frozen DB from scratch; keep it as a base when it is deep-frozen and large enough. */
function hashAsBase(root: JsonObject): string {
  const layouts = new Map<object, Layout>();
  pos = 0;
  capture = layouts;
  unfrozenSeen = 0;
  offsets.length = 0;
  listDepth = 0;
  try {
    putObject(root, shapeOfObject(root, true), true);
  } finally {
    capture = undefined;
  }
  const deepFrozen = unfrozenSeen === 0;
  if (!deepFrozen || pos < BASE_MIN_BYTES) {
    const digest = createHash("sha256").update(buf.subarray(0, pos)).digest("hex");
    if (deepFrozen) digests.set(root, digest);
    return digest;
  }
  const bytes = Buffer.from(buf.subarray(0, pos));
  const hash = createHash("sha256");
  const checkpoints: Hash[] = [hash.copy()];
  let at = 0;
  for (; at + CHECKPOINT_BYTES <= bytes.length; at += CHECKPOINT_BYTES) {
    hash.update(bytes.subarray(at, at + CHECKPOINT_BYTES));
    checkpoints.push(hash.copy());
  }
  const digest = hash.update(bytes.subarray(at)).digest("hex");
  const base: Base = { root, bytes, layouts, checkpoints, digest };
  register(base);
  digests.set(root, digest);
  return digest;
}

/**
 * Index a base by its root, its tables and their records, so a DB that shares
 * any of them finds it. An object already indexed keeps its first base.
 */
function register(base: Base): void {
  const index = (o: JsonValue | undefined): void => {
    if (typeof o === "object" && o !== null && !bases.has(o)) bases.set(o, base);
  };
  index(base.root);
  for (const k of shapeOfObject(base.root, true).keys) {
    const table = base.root[k];
    index(table);
    const layout = isPlainObject(table) ? base.layouts.get(table) : undefined;
    if (layout) for (const r of layout.keys) index((table as JsonObject)[r]);
  }
}

/** Records tried per table when no table is shared. */
const PROBES = 8;

/** A base holding one of `db`'s tables, or else one of their first records, at the same place. */
function findBase(db: JsonObject): Base | undefined {
  const tables = Object.keys(db).filter((k) => !HASH_EXCLUDED_KEYS.has(k));
  for (const k of tables) {
    const table = db[k];
    const base = typeof table === "object" && table !== null ? bases.get(table) : undefined;
    if (base && base.root[k] === table) return base;
  }
  for (const k of tables) {
    const table = db[k];
    if (!isPlainObject(table)) continue;
    let probes = 0;
    for (const r in table) {
      const record = table[r];
      const base = typeof record === "object" && record !== null ? bases.get(record) : undefined;
      const was = base?.root[k];
      if (base && isPlainObject(was) && Object.hasOwn(was, r) && was[r] === record) return base;
      if (++probes === PROBES) break;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Hashing against a base

/**
 * SHA-256 over a stream of base-byte ranges and new bytes (written to the
 * writer's buffer between `beforeText()` and the next range). While the
 * stream is still a prefix of the base's bytes nothing is hashed; at the
 * first departure the hash resumes from the nearest stored state.
 */
class BaseDigest {
  private hash: Hash | undefined;
  private prefixEnd = 0;
  private rangeStart = 0;
  private rangeEnd = 0;

  constructor(private readonly base: Base) {
    pos = 0;
  }

  range(start: number, end: number): void {
    if (start === end) return;
    if (this.hash === undefined) {
      if (start === this.prefixEnd) {
        this.prefixEnd = end;
        return;
      }
      this.hash = this.resume();
    }
    if (pos > 0) this.flushText();
    else if (this.rangeEnd === start && this.rangeEnd > this.rangeStart) {
      this.rangeEnd = end;
      return;
    } else this.flushRange();
    this.rangeStart = start;
    this.rangeEnd = end;
  }

  /** Call before writing new bytes. */
  beforeText(): void {
    this.hash ??= this.resume();
    this.flushRange();
  }

  digest(): string {
    if (this.hash === undefined) return this.prefixEnd === this.base.bytes.length ? this.base.digest : this.resume().digest("hex");
    this.flushRange();
    this.flushText();
    return this.hash.digest("hex");
  }

  private resume(): Hash {
    const i = Math.floor(this.prefixEnd / CHECKPOINT_BYTES);
    const hash = (this.base.checkpoints[i] as Hash).copy();
    return hash.update(this.base.bytes.subarray(i * CHECKPOINT_BYTES, this.prefixEnd));
  }

  private flushRange(): void {
    if (this.rangeEnd > this.rangeStart) this.hash?.update(this.base.bytes.subarray(this.rangeStart, this.rangeEnd));
    this.rangeStart = this.rangeEnd = 0;
  }

  private flushText(): void {
    if (pos > 0) this.hash?.update(buf.subarray(0, pos));
    pos = 0;
  }
}

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
      putAscii(`${pythonJsonString(k)}:`);
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

function hashAgainst(base: Base, db: JsonObject): string {
  const w: Walk = { base, out: new BaseDigest(base), deepFrozen: true };
  walk(w, db, base.root, base.layouts.get(base.root) as Layout, true);
  const digest = w.out.digest();
  if (w.deepFrozen) digests.set(db, digest);
  return digest;
}

// ---------------------------------------------------------------------------
// Entry points

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
