/**
 * Python's key order for JSON objects.
 *
 * A Python dict keeps insertion order; a JavaScript object lists the keys
 * that are canonical array indices ("0" .. "4294967294", no leading zeros)
 * first, in ascending numeric order, then the others in insertion order. So
 * the two orders differ exactly when an index key was inserted after a
 * non-index key or after a larger index key (tau2_retail's products and
 * variants are keyed by such numeric ids). Such an object carries, under one
 * symbol key, its keys in Python's order; every other object needs nothing,
 * because its JavaScript order already is Python's.
 *
 * The mark travels like the float marks (py-float.ts): spreads and the
 * workspace's copies keep it, hashes, equality and key listings never see
 * it. `pyKeys` reads an object in Python's order: the marked keys still
 * present, in the mark's order, then any key added since without updating
 * the mark, in JavaScript's order. The workspace keeps the mark exact as
 * tools add and delete keys (`orderAfterAdd`, `orderAfterDelete`) and makes
 * the marks of objects tools store exact (`exactOrder`); code that adds keys
 * to a copy by hand gets them at the end, as a dict would, unless it adds
 * several index keys out of numeric order.
 */

/** The symbol key under which an object keeps its Python key order. */
export const KEY_ORDER: unique symbol = Symbol.for("evalsim.pyKeyOrder");

const MAX_INDEX = 4294967294;

/** Does JavaScript list `key` among the array indices (first, numerically)? */
export function isIndexKey(key: string): boolean {
  const n = key.length;
  if (n === 0 || n > 10) return false;
  const c0 = key.charCodeAt(0);
  if (c0 < 48 || c0 > 57 || (c0 === 48 && n > 1)) return false;
  for (let i = 1; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return n < 10 || Number(key) <= MAX_INDEX;
}

/**
 * Keys in order, shared by the marks of successive versions of one object:
 * appending to the newest version extends the list in place (older versions
 * read only their first `size` keys), so a key added to a wide table costs
 * O(1), not a copy of the table's keys.
 */
class KeyList {
  readonly items: string[];
  /** Key -> position, made on first need and kept up to date by appends. */
  index: Map<string, number> | undefined;
  constructor(items: string[]) {
    this.items = items;
  }
}

/** Immutable (as seen through it), and not a plain object, so immer never drafts it. */
export class KeyOrder {
  private constructor(
    private readonly list: KeyList,
    readonly size: number,
  ) {
    Object.freeze(this);
  }

  static of(keys: readonly string[]): KeyOrder {
    return new KeyOrder(new KeyList([...keys]), keys.length);
  }

  /** The keys, in order (a copy). */
  get keys(): string[] {
    return this.list.items.slice(0, this.size);
  }

  keyAt(i: number): string {
    return this.list.items[i] as string;
  }

  has(key: string): boolean {
    const list = this.list;
    if (list.index === undefined) {
      list.index = new Map();
      list.items.forEach((k, i) => list.index?.set(k, i));
    }
    const at = list.index.get(key);
    return at !== undefined && at < this.size;
  }

  /** The order once `key`, not among these keys, is added last. */
  with(key: string): KeyOrder {
    const list = this.list;
    if (list.items.length !== this.size) return KeyOrder.of([...this.keys, key]);
    list.items.push(key);
    list.index?.set(key, this.size);
    return new KeyOrder(list, this.size + 1);
  }
}

type Marked = { [KEY_ORDER]?: KeyOrder };

export function keyOrderOf(obj: object): KeyOrder | undefined {
  const order = (obj as Marked)[KEY_ORDER];
  return order instanceof KeyOrder ? order : undefined;
}

/** `list(d)`: the object's own enumerable string keys in Python's order. */
export function pyKeys(obj: object): string[] {
  const order = (obj as Marked)[KEY_ORDER];
  const keys = Object.keys(obj);
  if (!(order instanceof KeyOrder)) return keys;
  return arrange(obj, order, keys);
}

/** `list(d.values())`. */
export function pyValues<T>(obj: Readonly<Record<string, T>>): T[] {
  return pyKeys(obj).map((k) => obj[k] as T);
}

/** `list(d.items())`. */
export function pyEntries<T>(obj: Readonly<Record<string, T>>): [string, T][] {
  return pyKeys(obj).map((k) => [k, obj[k] as T]);
}

function arrange(obj: object, order: KeyOrder, keys: string[]): string[] {
  const n = order.size;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = order.keyAt(i);
    if (Object.hasOwn(obj, k)) out.push(k);
  }
  // The usual case: the keys are exactly the marked ones; else keys added since go last.
  if (out.length === n && n === keys.length) return out;
  for (const k of keys) if (!order.has(k)) out.push(k);
  return out;
}

/**
 * Python's order for an object whose keys arrived in this order, when
 * JavaScript's differs from it; `undefined` when it does not.
 */
export function orderOfInsertion(keys: readonly string[]): KeyOrder | undefined {
  let last = -1;
  let sawOther = false;
  for (const k of keys) {
    if (!isIndexKey(k)) sawOther = true;
    else if (sawOther || Number(k) < last) return KeyOrder.of(keys);
    else last = Number(k);
  }
  return undefined;
}

/**
 * The mark `obj` needs once `key`, not one of its keys yet, is added (it
 * goes last): `undefined` when its order stays JavaScript's (no mark, and
 * `key` is not an index key or goes after every key it has).
 */
export function orderAfterAdd(obj: object, key: string): KeyOrder | undefined {
  const order = keyOrderOf(obj);
  // A mark listing `key` although `obj` lacks it was left behind by a deletion made by hand: rebuild it.
  if (order) return order.has(key) ? KeyOrder.of([...pyKeys(obj), key]) : order.with(key);
  if (!isIndexKey(key)) return undefined;
  const keys = Object.keys(obj);
  if (keys.length === 0) return undefined;
  // In JavaScript's order, the last key is a non-index key if there is one, else the largest index.
  const lastKey = keys[keys.length - 1] as string;
  if (isIndexKey(lastKey) && Number(lastKey) < Number(key)) return undefined;
  return KeyOrder.of([...keys, key]);
}

/** The mark a marked `obj` needs once `key` is deleted (`undefined`: it has none). */
export function orderAfterDelete(obj: object, key: string): KeyOrder | undefined {
  if (!keyOrderOf(obj)) return undefined;
  return KeyOrder.of(pyKeys(obj).filter((k) => k !== key));
}

/** Record that `obj`'s keys are in this Python order (when JavaScript's differs). */
export function markKeyOrder(obj: object, keys: readonly string[]): void {
  const order = orderOfInsertion(keys);
  if (order) (obj as Marked)[KEY_ORDER] = order;
}

/** A mark equal to `obj`'s Python order as `pyKeys` reads it now (`undefined`: it has none). */
export function exactOrder(obj: object): KeyOrder | undefined {
  return keyOrderOf(obj) ? KeyOrder.of(pyKeys(obj)) : undefined;
}

