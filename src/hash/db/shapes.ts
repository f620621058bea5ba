/**
 * Key order, cached per object shape: sorting keys is most of the cost of
 * serializing a record, and the records of one table share their key order.
 */
import { compareCodePoints, pyJsonString } from "../../json/py-string.js";
import { HASH_EXCLUDED_KEYS, ORDER_INDEPENDENT_LIST_FIELDS } from "./fields.js";

export interface Shape {
  /** `Object.keys` order, to recognize the next object of the same shape. */
  readonly own: readonly string[];
  /** Python's order (code points). */
  readonly keys: readonly string[];
  /** `"key":` per sorted key, with the separating comma before all but the first. */
  readonly texts: readonly string[];
  readonly orderFree: readonly boolean[];
}

// One entry per first key hits nearly always.
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
    texts: keys.map((k, i) => `${i > 0 ? "," : ""}${pyJsonString(k)}:`),
    orderFree: keys.map((k) => ORDER_INDEPENDENT_LIST_FIELDS.has(k)),
  };
  if (shapes.size >= SHAPE_LIMIT) shapes.clear();
  shapes.set(first, shape);
  return shape;
}

const NO_KEYS: Shape = { own: [], keys: [], texts: [], orderFree: [] };

/** The shape of `o`; at the top level the excluded keys are left out. */
export function shapeOfObject(o: object, top: boolean): Shape {
  let own = Object.keys(o);
  if (top) own = own.filter((k) => !HASH_EXCLUDED_KEYS.has(k));
  return own.length === 0 ? NO_KEYS : shapeOf(own);
}
