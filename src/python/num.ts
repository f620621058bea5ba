/**
 * Python numbers with their kind, for tools that compute: the value and
 * whether Python holds it as a float, so a result shows `160.0` where the
 * reference's does (see json/py-float.ts), and ints of any size stay exact.
 *
 * An int is held as a `PyInt`: a number while it is a safe integer, a bigint
 * beyond (the form JSON parsing gives it, so stored and printed it is
 * Python's). Int arithmetic is exact; a float operand makes the operation
 * float, converting the int with `float()` (OverflowError past the largest
 * double), as Python does. Comparisons between ints and floats are exact.
 */
import { isFloatAt, markFloat, unmarkFloat } from "../json/py-float.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { PyError } from "./error.js";
import { pyFloatStr } from "./float.js";

/** A Python int: a safe integer as a number, any other as a bigint. */
export type PyInt = number | bigint;

/** The `PyInt` form of an exact integer. */
export function pyIntOf(v: number | bigint): PyInt {
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : BigInt(v);
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
}

export class PyNum {
  /** A float's value is a number; an int's is a `PyInt`. */
  readonly value: number | bigint;
  /** A non-integral number can only be a float, whatever `float` says. */
  readonly float: boolean;
  constructor(value: number | bigint, float: boolean) {
    this.float = float || (typeof value === "number" && !Number.isInteger(value));
    this.value = this.float ? toFloat(value) : pyIntOf(value);
  }
}

export const pyFloatNum = (value: number): PyNum => new PyNum(value, true);
export const pyIntNum = (value: number | bigint): PyNum => new PyNum(value, false);

/** `float(int)`: nearest double, ties to even (as BigInt → Number rounds). */
function toFloat(v: number | bigint): number {
  if (typeof v === "number") return v;
  const x = Number(v);
  if (!Number.isFinite(x)) throw new PyError("OverflowError", "int too large to convert to float");
  return x;
}

/** `float(n)` of a number of either kind. */
export const pyFloatOf = (n: PyNum): number => toFloat(n.value);

/** A JSON value as a Python number (bools count as ints), or undefined. */
export function asPyNum(v: JsonValue | undefined, float: boolean): PyNum | undefined {
  if (typeof v === "number") return new PyNum(v, float || !Number.isInteger(v));
  if (typeof v === "bigint") return new PyNum(v, false);
  if (typeof v === "boolean") return new PyNum(v ? 1 : 0, false);
  return undefined;
}

/** `container.get(key, fallback)` for a number (anything else gives the fallback). */
export function numAt(container: object | undefined, key: string, fallback: PyNum = pyIntNum(0)): PyNum {
  if (container === undefined || !Object.hasOwn(container, key)) return fallback;
  const v = (container as Record<string, JsonValue>)[key];
  if (typeof v !== "number" && typeof v !== "bigint") return fallback;
  return asPyNum(v, isFloatAt(container, key)) as PyNum;
}

type IntOp = (a: bigint, b: bigint) => bigint;
type FloatOp = (a: number, b: number) => number;

function arith(a: PyNum, b: PyNum, intOp: IntOp, floatOp: FloatOp): PyNum {
  if (a.float || b.float) return new PyNum(floatOp(pyFloatOf(a), pyFloatOf(b)), true);
  if (typeof a.value === "number" && typeof b.value === "number") {
    const x = floatOp(a.value, b.value);
    if (Number.isSafeInteger(x)) return new PyNum(x, false);
  }
  return new PyNum(intOp(BigInt(a.value), BigInt(b.value)), false);
}

export const pyAdd = (a: PyNum, b: PyNum): PyNum => arith(a, b, (x, y) => x + y, (x, y) => x + y);
export const pySub = (a: PyNum, b: PyNum): PyNum => arith(a, b, (x, y) => x - y, (x, y) => x - y);
export const pyMul = (a: PyNum, b: PyNum): PyNum => arith(a, b, (x, y) => x * y, (x, y) => x * y);

/** `-a`: an int never becomes a negative zero, a float (`0.0`) does. */
export function pyNeg(a: PyNum): PyNum {
  if (a.float) return new PyNum(-(a.value as number), true);
  return new PyNum(typeof a.value === "bigint" ? -a.value : 0 - a.value, false);
}

/** `a < b`, exact across kinds (JavaScript compares a bigint with a number exactly). */
export const pyLt = (a: PyNum, b: PyNum): boolean => a.value < b.value;
export const pyGt = (a: PyNum, b: PyNum): boolean => a.value > b.value;
/** `a == b`, exact across kinds (`1 == 1.0`; NaN equals nothing). */
export const pyEq = (a: PyNum, b: PyNum): boolean => a.value == b.value;

/** `sum(xs)`: starts from the int 0. */
export function pySum(xs: readonly PyNum[]): PyNum {
  return xs.reduce(pyAdd, pyIntNum(0));
}

/** `max(a, b, ...)`: the first of the largest, kind included (`max(0, 0.0)` is the int 0). */
export function pyMax(first: PyNum, ...rest: PyNum[]): PyNum {
  return rest.reduce((best, x) => (pyGt(x, best) ? x : best), first);
}

/** `str(n)` (and `f"{n}"`): `12`, `12.0`, `1e+18`, exact digits for any int. */
export const pyNumStr = (n: PyNum): string => (n.float ? pyFloatStr(n.value as number) : n.value.toString());

/** An int as a slice bound or index of a list that fits in memory: clamped to the safe range, which no length reaches. */
export const sliceBound = (v: PyInt): number => (typeof v === "number" ? v : v > 0n ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER);

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
