/**
 * CPython's complex arithmetic (`Objects/complexobject.c`). A complex result
 * can never be the calculator's answer (`float()` rejects it), but the way
 * it fails (division by zero, overflow) is observable, so the operations
 * follow CPython's formulas, including its error conditions.
 */
import { PyException } from "./values.js";

export interface Complex {
  readonly re: number;
  readonly im: number;
}

/** What CPython signals through `errno` while computing. */
type Errno = "EDOM" | "ERANGE" | null;

export const add = (a: Complex, b: Complex): Complex => ({ re: a.re + b.re, im: a.im + b.im });
export const subtract = (a: Complex, b: Complex): Complex => ({ re: a.re - b.re, im: a.im - b.im });
export const multiply = (a: Complex, b: Complex): Complex => ({
  re: a.re * b.re - a.im * b.im,
  im: a.re * b.im + a.im * b.re,
});

/** `_Py_c_quot`: Smith's algorithm; a zero divisor sets EDOM. */
function quotient(a: Complex, b: Complex): { value: Complex; errno: Errno } {
  const absRe = Math.abs(b.re);
  const absIm = Math.abs(b.im);
  if (absRe >= absIm) {
    if (absRe === 0) return { value: { re: 0, im: 0 }, errno: "EDOM" };
    const ratio = b.im / b.re;
    const denom = b.re + b.im * ratio;
    return { value: { re: (a.re + a.im * ratio) / denom, im: (a.im - a.re * ratio) / denom }, errno: null };
  }
  if (absIm >= absRe) {
    const ratio = b.re / b.im;
    const denom = b.re * ratio + b.im;
    return { value: { re: (a.re * ratio + a.im) / denom, im: (a.im * ratio - a.re) / denom }, errno: null };
  }
  return { value: { re: NaN, im: NaN }, errno: null };
}

export function divide(a: Complex, b: Complex): Complex {
  const { value, errno } = quotient(a, b);
  if (errno === "EDOM") throw new PyException("ZeroDivisionError", "complex division by zero");
  return value;
}

const ONE: Complex = { re: 1, im: 0 };

/** `c_powu`: binary exponentiation for a small positive integer exponent. */
function powUnsigned(x: Complex, n: number): Complex {
  let result = ONE;
  let p = x;
  for (let mask = 1; mask > 0 && n >= mask; mask *= 2) {
    if (Math.floor(n / mask) % 2 === 1) result = multiply(result, p);
    p = multiply(p, p);
  }
  return result;
}

/** `_Py_c_pow`: polar form; 0 to a negative or complex power sets EDOM. */
function powGeneral(a: Complex, b: Complex): { value: Complex; errno: Errno } {
  if (b.re === 0 && b.im === 0) return { value: ONE, errno: null };
  if (a.re === 0 && a.im === 0) {
    return { value: { re: 0, im: 0 }, errno: b.im !== 0 || b.re < 0 ? "EDOM" : null };
  }
  const vabs = Math.hypot(a.re, a.im);
  let len = Math.pow(vabs, b.re);
  const at = Math.atan2(a.im, a.re);
  let phase = at * b.re;
  if (b.im !== 0) {
    len /= Math.exp(at * b.im);
    phase += b.im * Math.log(vabs);
  }
  // libm's cos/sin of an infinite angle set EDOM.
  const errno: Errno = Number.isFinite(phase) || Number.isNaN(phase) ? null : "EDOM";
  return { value: { re: len * Math.cos(phase), im: len * Math.sin(phase) }, errno };
}

/** `complex_pow`: small integral exponents by repeated multiplication, others in polar form. */
export function power(a: Complex, b: Complex): Complex {
  let result: { value: Complex; errno: Errno };
  if (b.im === 0 && b.re === Math.floor(b.re) && Math.abs(b.re) <= 100) {
    const n = b.re;
    result = n > 0 ? { value: powUnsigned(a, n), errno: null } : quotient(ONE, powUnsigned(a, -n));
  } else {
    result = powGeneral(a, b);
  }
  const { re, im } = result.value;
  let errno = result.errno;
  // _Py_ADJUST_ERANGE2: an infinite part is an overflow; otherwise a range error was an underflow.
  if (Math.abs(re) === Infinity || Math.abs(im) === Infinity) errno ??= "ERANGE";
  else if (errno === "ERANGE") errno = null;
  if (errno === "EDOM") throw new PyException("ZeroDivisionError", "0.0 to a negative or complex power");
  if (errno === "ERANGE") throw new PyException("OverflowError", "complex exponentiation");
  return result.value;
}
