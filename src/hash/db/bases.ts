/**
 * Bases: large deep-frozen DBs kept with their canonical bytes, the byte
 * range of every entry of their wide objects and SHA-256 states at regular
 * offsets, so that a DB sharing tables or records with one (an immer version
 * of the same fixture) is hashed against it (see walk.ts).
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { sha256, sha256Hex, type Sha256 } from "../sha256.js";
import { HASH_EXCLUDED_KEYS } from "./fields.js";
import { captureLayouts, isPlainObject, type Layout } from "./serialize.js";
import { shapeOfObject } from "./shapes.js";
import { out } from "./writer.js";

export interface Base {
  readonly root: JsonObject;
  readonly bytes: Buffer;
  readonly layouts: ReadonlyMap<object, Layout>;
  /** `checkpoints[i]`: SHA-256 state after the first `i * CHECKPOINT_BYTES` bytes. */
  readonly checkpoints: readonly Sha256[];
  readonly digest: string;
}

export const CHECKPOINT_BYTES = 16 * 1024;
/** Below this a DB is hashed from scratch: keeping it as a base would not pay. */
const BASE_MIN_BYTES = 64 * 1024;

/** Each base under its root and under each of its top-level tables. */
const bases = new WeakMap<object, Base>();
/** Digests of deep-frozen DBs. */
export const digests = new WeakMap<object, string>();

/** Hash a frozen DB from scratch; keep it as a base when it is deep-frozen and large enough. */
export function hashAsBase(root: JsonObject): string {
  const { layouts, deepFrozen } = captureLayouts(root);
  if (!deepFrozen || out.pos < BASE_MIN_BYTES) {
    const digest = sha256Hex(out.buf.subarray(0, out.pos));
    if (deepFrozen) digests.set(root, digest);
    return digest;
  }
  const bytes = Buffer.from(out.buf.subarray(0, out.pos));
  const hash = sha256();
  const checkpoints: Sha256[] = [hash.copy()];
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
export function findBase(db: JsonObject): Base | undefined {
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
