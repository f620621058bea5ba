/**
 * Value pools read out of a scenario's DBs: every primitive found under a
 * field name, and the keys of every object found under a field name. Tool
 * arguments are drawn from these, so generated calls hit existing records
 * often enough to reach the write paths.
 *
 * Global pools cover a whole DB (capped per field). Local pools cover one
 * record (an "anchor": a reservation, an order, a customer) plus the records
 * its ids point at, so ids that must agree (an order and its items, a
 * customer and its lines) are drawn together.
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

export interface Pools {
  /** Primitive values seen under each field name (including elements of primitive lists). */
  readonly values: ReadonlyMap<string, readonly JsonValue[]>;
  /** Keys of the objects seen under each field name. */
  readonly keys: ReadonlyMap<string, readonly string[]>;
}

export const EMPTY_POOLS: Pools = { values: new Map(), keys: new Map() };

const CAP = 3000;

function addTo<T>(map: Map<string, Set<T>>, field: string, v: T): void {
  let set = map.get(field);
  if (!set) map.set(field, (set = new Set()));
  if (set.size < CAP) set.add(v);
}

export function collectPools(roots: readonly JsonValue[]): Pools {
  const values = new Map<string, Set<JsonValue>>();
  const keys = new Map<string, Set<string>>();
  const stack: { field: string; value: JsonValue }[] = roots.map((value) => ({ field: "", value }));
  while (stack.length > 0) {
    const { field, value } = stack.pop() as { field: string; value: JsonValue };
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ field, value: item });
    } else if (isJsonObject(value)) {
      if (field !== "") for (const k of Object.keys(value)) addTo(keys, field, k);
      for (const [k, v] of Object.entries(value)) stack.push({ field: k, value: v });
    } else if (field !== "" && value !== null && typeof value !== "bigint") {
      addTo(values, field, value);
    }
  }
  const freeze = <T>(m: Map<string, Set<T>>): Map<string, T[]> => new Map([...m].map(([k, set]) => [k, [...set]]));
  return { values: freeze(values), keys: freeze(keys) };
}

interface Table {
  readonly size: number;
  at(i: number): JsonObject | undefined;
}

// Tables are immutable values; their key lists are worth keeping.
const keyCache = new WeakMap<JsonObject, string[]>();
function keysOf(o: JsonObject): string[] {
  let keys = keyCache.get(o);
  if (!keys) keyCache.set(o, (keys = Object.keys(o)));
  return keys;
}

/** The top-level tables of a DB: objects of records or lists of records (judged by their first entry). */
function tablesOf(db: JsonObject): Table[] {
  const out: Table[] = [];
  for (const t of Object.values(db)) {
    if (Array.isArray(t)) {
      if (isJsonObject(t[0])) out.push({ size: t.length, at: (i) => (isJsonObject(t[i]) ? t[i] : undefined) });
    } else if (isJsonObject(t)) {
      const keys = keysOf(t);
      const first = keys[0] === undefined ? undefined : t[keys[0]];
      if (isJsonObject(first)) {
        out.push({
          size: keys.length,
          at: (i) => {
            const rec = t[keys[i] as string];
            return isJsonObject(rec) ? rec : undefined;
          },
        });
      }
    }
  }
  return out;
}

function stringsIn(v: JsonValue, out: Set<string>, limit: number): void {
  if (out.size >= limit) return;
  if (typeof v === "string") out.add(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out, limit);
  else if (isJsonObject(v)) for (const x of Object.values(v)) stringsIn(x, out, limit);
}

const ID_FIELD = /(^|_)id$/;

/** The records of any table that an id string names: a key of an object table, or an `*_id` field of a list row. */
function linkedRecords(db: JsonObject, ids: ReadonlySet<string>): JsonObject[] {
  const out: JsonObject[] = [];
  for (const t of Object.values(db)) {
    if (isJsonObject(t)) {
      for (const id of ids) {
        const rec = Object.hasOwn(t, id) ? t[id] : undefined;
        if (isJsonObject(rec)) out.push(rec);
      }
    } else if (Array.isArray(t) && t.length <= 2000) {
      for (const row of t) {
        if (!isJsonObject(row)) continue;
        const idKey = Object.keys(row).find((k) => ID_FIELD.test(k));
        const id = idKey === undefined ? undefined : row[idKey];
        if (typeof id === "string" && ids.has(id)) out.push(row);
      }
    }
    if (out.length > 40) break;
  }
  return out;
}

/** The pools of one record (`own`) and of the records its ids name (`linked`). */
export interface LocalPools {
  readonly own: Pools;
  readonly linked: Pools;
}

export const NO_LOCAL_POOLS: LocalPools = { own: EMPTY_POOLS, linked: EMPTY_POOLS };

/**
 * Pools around one record of `db`, chosen by two numbers in [0, 1): the
 * table, then the record. Tables whose records carry `field` (the call's
 * first argument, say `order_id`) are preferred. Empty when the DB has no
 * tables.
 */
export function localPools(db: JsonObject | undefined, field: string | undefined, tablePick: number, recordPick: number): LocalPools {
  if (!db) return NO_LOCAL_POOLS;
  const all = tablesOf(db);
  const carrying = field === undefined ? [] : all.filter((t) => Object.hasOwn(t.at(0) ?? {}, field));
  const tables = carrying.length > 0 ? carrying : all;
  const table = tables[Math.floor(tablePick * tables.length)];
  const anchor = table?.at(Math.floor(recordPick * table.size));
  if (!anchor) return NO_LOCAL_POOLS;
  const ids = new Set<string>();
  stringsIn(anchor, ids, 200);
  return { own: collectPools([anchor]), linked: collectPools(linkedRecords(db, ids)) };
}
