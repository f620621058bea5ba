/** Python `int` arithmetic on bigints: floor division, true division, powers. */
import { PyException, INT_TOO_LARGE } from "./values.js";

/**
 * Results above this many bits are not computed. CPython would grind through
 * them (a `9**9**9` takes minutes) and then almost always fail converting the
 * result to float, which is the error reported here instead.
 */
export const MAX_INT_BITS = 1 << 22;

export function bitLength(n: bigint): number {
  return n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length;
}

export function checkSize(n: bigint): bigint {
  if (bitLength(n) > MAX_INT_BITS) throw new PyException("OverflowError", INT_TOO_LARGE);
  return n;
}

/** `a // b` for ints: rounds towards negative infinity. */
export function floorDivide(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new PyException("ZeroDivisionError", "integer division or modulo by zero");
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** `a * b`, refusing absurdly large products. */
export function multiply(a: bigint, b: bigint): bigint {
  if (bitLength(a) + bitLength(b) > MAX_INT_BITS + 1) throw new PyException("OverflowError", INT_TOO_LARGE);
  return checkSize(a * b);
}

/** `a ** b` for `b >= 0`. */
export function power(a: bigint, b: bigint): bigint {
  if (a === 0n || a === 1n || b === 0n) return a ** b;
  if (a === -1n) return b % 2n === 0n ? 1n : -1n;
  if (BigInt(bitLength(a) - 1) * b > BigInt(MAX_INT_BITS)) throw new PyException("OverflowError", INT_TOO_LARGE);
  return checkSize(a ** b);
}

/**
 * `a / b` for ints (CPython `long_true_divide`): the exact quotient rounded
 * once to the nearest double, ties to even, so huge operands still divide.
 */
export function trueDivide(a: bigint, b: bigint): number {
  if (b === 0n) throw new PyException("ZeroDivisionError", "division by zero");
  const negative = a < 0n !== b < 0n;
  const n = a < 0n ? -a : a;
  const d = b < 0n ? -b : b;
  if (n === 0n) return negative ? -0 : 0;
  const magnitude = roundedRatio(n, d);
  if (magnitude === Infinity) throw new PyException("OverflowError", "integer division result too large for a float");
  return negative ? -magnitude : magnitude;
}

/** n/d (both positive) correctly rounded to a double; Infinity if it overflows. */
export function roundedRatio(n: bigint, d: bigint): number {
  const SAFE = 2n ** 53n;
  if (n <= SAFE && d <= SAFE) return Number(n) / Number(d);
  // Scale so the integer quotient carries 55-56 bits (two spare bits for rounding);
  // never keep bits below 2^-1076, which are beneath the smallest subnormal's guard bit.
  const estimate = bitLength(n) - bitLength(d);
  const shift = Math.min(55 - estimate, 1076);
  const num = shift >= 0 ? n << BigInt(shift) : n;
  const den = shift >= 0 ? d : d << BigInt(-shift);
  const q = num / den;
  const sticky = num % den !== 0n;
  const topExponent = bitLength(q) - 1 - shift;
  const lsbExponent = Math.max(topExponent - 52, -1074);
  const drop = lsbExponent + shift;
  let mantissa = q >> BigInt(drop);
  const rest = q & ((1n << BigInt(drop)) - 1n);
  const half = 1n << BigInt(drop - 1);
  if (rest > half || (rest === half && (sticky || (mantissa & 1n) === 1n))) mantissa += 1n;
  // Exact: the mantissa was rounded to the bits a double keeps at this exponent.
  return Number(mantissa) * 2 ** lsbExponent;
}
