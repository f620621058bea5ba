/**
 * Python numbers with their kind, for tools whose reference computes with
 * floats: the value and whether Python holds it as a float, so a result
 * shows `160.0` where the reference's does (see json/py-float.ts). Ints stay
 * ints: Python's arithmetic is float as soon as one operand is.
 */
import { isFloatAt, markFloat, unmarkFloat } from "../json/py-float.js";
import type { JsonObject, JsonValue } from "../json/types.js";

export class PyNum {
  constructor(
    readonly value: number,
    readonly float: boolean,
  ) {}
}

export const pyFloatNum = (value: number): PyNum => new PyNum(value, true);
export const pyIntNum = (value: number): PyNum => new PyNum(value, false);

/** `container.get(key, fallback)` for a number (anything else gives the fallback). */
export function numAt(container: object | undefined, key: string, fallback: PyNum = pyIntNum(0)): PyNum {
  if (container === undefined) return fallback;
  const v = (container as Record<string, unknown>)[key];
  if (typeof v !== "number" || !Object.hasOwn(container, key)) return fallback;
  return new PyNum(v, isFloatAt(container, key));
}

export const pyAdd = (a: PyNum, b: PyNum): PyNum => new PyNum(a.value + b.value, a.float || b.float);
export const pySub = (a: PyNum, b: PyNum): PyNum => new PyNum(a.value - b.value, a.float || b.float);
export const pyMul = (a: PyNum, b: PyNum): PyNum => new PyNum(a.value * b.value, a.float || b.float);

/** `sum(xs)`: starts from the int 0. */
export function pySum(xs: readonly PyNum[]): PyNum {
  return xs.reduce(pyAdd, pyIntNum(0));
}

/** `max(a, b, ...)`: the first of the largest, kind included (`max(0, 0.0)` is the int 0). */
export function pyMax(first: PyNum, ...rest: PyNum[]): PyNum {
  return rest.reduce((best, x) => (x.value > best.value ? x : best), first);
}

/** `container[key] = n`. */
export function putNum(container: JsonObject, key: string, n: PyNum): void {
  container[key] = n.value;
  if (n.float) markFloat(container, key);
  else unmarkFloat(container, key);
}

/** A dict literal whose number entries may be `PyNum`s: `{"amount": float(x), ...}`. */
export function pyDict(entries: Readonly<Record<string, JsonValue | PyNum>>): JsonObject {
  const out: JsonObject = {};
  const floats: string[] = [];
  for (const [k, v] of Object.entries(entries)) {
    if (v instanceof PyNum) {
      out[k] = v.value;
      if (v.float) floats.push(k);
    } else out[k] = v;
  }
  for (const k of floats) markFloat(out, k);
  return out;
}

/** `container.get(key, fallback)` keeping a number's kind, for copying it into a `pyDict`. */
export function pyGet(container: object, key: string, fallback: JsonValue | PyNum = null): JsonValue | PyNum {
  if (!Object.hasOwn(container, key)) return fallback;
  const v = (container as Record<string, JsonValue>)[key] as JsonValue;
  return typeof v === "number" ? new PyNum(v, isFloatAt(container, key)) : v;
}

/** `container[key] = v` for a value read with `pyGet` (a number keeps its kind). */
export function putPy(container: JsonObject, key: string, v: JsonValue | PyNum): void {
  if (v instanceof PyNum) putNum(container, key, v);
  else {
    container[key] = v;
    unmarkFloat(container, key);
  }
}
