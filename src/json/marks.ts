/**
 * What a parsed JSON container remembers of Python beside its entries: which
 * integral numbers are floats (py-float.ts) and, for objects JavaScript
 * cannot keep in insertion order, their key order (py-key-order.ts). Both
 * live under symbol keys; code that copies containers by hand copies them
 * with `copyMarks`, and schema checks see values through `withoutMarks`.
 */
import { FLOAT_MARKS } from "./py-float.js";
import { KEY_ORDER } from "./py-key-order.js";

/** The symbol keys of the marks. */
export type MarkKey = typeof FLOAT_MARKS | typeof KEY_ORDER;
export const MARK_KEYS: readonly MarkKey[] = [FLOAT_MARKS, KEY_ORDER];

type Marked = { [FLOAT_MARKS]?: unknown; [KEY_ORDER]?: unknown };

/** Copy `from`'s marks onto `to` (a copy of it with the same keys). */
export function copyMarks(from: object, to: object): void {
  const floats = (from as Marked)[FLOAT_MARKS];
  if (floats !== undefined) (to as Marked)[FLOAT_MARKS] = floats;
  const order = (from as Marked)[KEY_ORDER];
  if (order !== undefined) (to as Marked)[KEY_ORDER] = order;
}

/** Does `v` carry a mark of its own? */
export function hasMarks(v: object): boolean {
  return Object.hasOwn(v, FLOAT_MARKS) || Object.hasOwn(v, KEY_ORDER);
}

/**
 * `v` as a schema check must see it: the same JSON with no marks. zod's
 * records and vitest's equality list enumerable symbol keys, and a mark is
 * not data. Subtrees without marks are shared, not copied; "__proto__"
 * stays an ordinary own key.
 */
export function withoutMarks<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  const marked = hasMarks(v);
  if (Array.isArray(v)) {
    let out: unknown[] | undefined = marked ? [] : undefined;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      const y = withoutMarks(x);
      if (out === undefined && y !== x) out = v.slice(0, i);
      out?.push(y);
    }
    return (out ?? v) as T;
  }
  const keys = Object.keys(v);
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const x = (v as Record<string, unknown>)[k];
    const y = withoutMarks(x);
    if (out === undefined && (marked || y !== x)) {
      out = {};
      for (let j = 0; j < i; j++) defineOwn(out, keys[j] as string, (v as Record<string, unknown>)[keys[j] as string]);
    }
    if (out !== undefined) defineOwn(out, k, y);
  }
  if (out === undefined && marked) out = {};
  return (out ?? v) as T;
}

function defineOwn(obj: Record<string, unknown>, key: string, v: unknown): void {
  Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
}
