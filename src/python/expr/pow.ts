/**
 * `pow(x, y)` for doubles as C's libm computes it: the exact value rounded
 * once. V8's `Math.pow` is sometimes an ulp away (`24 ** 9.75`, `3 ** 52`),
 * which shows once the calculator prints all digits, so the power is
 * computed in 220-bit fixed point with bigints instead (integral exponents
 * exactly), and rounded to the nearest double at the end.
 */
import { bitLength, roundedRatio } from "./ints.js";

const P = 220n;
const ONE = 1n << P;

/** x = mantissa * 2^exponent exactly, for a finite positive double. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const rawExponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  if (rawExponent === 0) return { mantissa: fraction, exponent: -1074 };
  return { mantissa: fraction | (1n << 52n), exponent: rawExponent - 1075 };
}

/** 2·atanh(z) = ln((1+z)/(1−z)) for a fixed-point |z| ≤ 1/3. */
function twiceAtanh(z: bigint): bigint {
  const z2 = (z * z) >> P;
  let sum = 0n;
  let term = z;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    // BigInt division truncates towards zero, so a negative series also ends.
    term = (term * z2) / ONE;
  }
  return 2n * sum;
}

function isqrt(n: bigint): bigint {
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2));
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

const LN2 = twiceAtanh(ONE / 3n);
const SQRT2 = isqrt(2n << (2n * P));

/** ln(x) in fixed point, for a finite positive double. */
function ln(x: number): bigint {
  const { mantissa, exponent } = decompose(x);
  const bits = bitLength(mantissa);
  // x = m * 2^e with m in [sqrt(1/2), sqrt(2)), m held exactly (P exceeds the mantissa's bits)
  let e = exponent + bits - 1;
  let m = mantissa << (P - BigInt(bits - 1));
  if (m > SQRT2) {
    m >>= 1n;
    e += 1;
  }
  return twiceAtanh(((m - ONE) << P) / (m + ONE)) + BigInt(e) * LN2;
}

/** e^t in fixed point, for 0 ≤ t < 1. */
function exp(t: bigint): bigint {
  let sum = ONE;
  let term = ONE;
  for (let k = 1n; term !== 0n; k++) {
    term = (term * t) / (k << P);
    sum += term;
  }
  return sum;
}

/** Integral exponents up to this size are computed exactly. */
const EXACT_POWER_LIMIT = 4096;

/**
 * x ** y for a positive finite x ≠ 1 and a finite nonzero y, correctly
 * rounded (Infinity on overflow, 0 or a subnormal on underflow).
 */
export function libmPower(x: number, y: number): number {
  const approx = y * Math.log2(x);
  if (approx > 1100) return Infinity;
  if (approx < -1200) return 0;
  return Number.isInteger(y) && Math.abs(y) <= EXACT_POWER_LIMIT ? exactPower(x, y) : fixedPointPower(x, y);
}

/** x^n = (m * 2^e)^n, rounded once. */
function exactPower(x: number, n: number): number {
  const { mantissa, exponent } = decompose(x);
  const k = Math.abs(n);
  const m = mantissa ** BigInt(k);
  const e = exponent * k;
  const [num, den] = e >= 0 ? [m << BigInt(e), 1n] : [m, 1n << BigInt(-e)];
  return n > 0 ? roundedRatio(num, den) : roundedRatio(den, num);
}

function fixedPointPower(x: number, y: number): number {
  const { mantissa, exponent } = decompose(Math.abs(y));
  // T = y * log2(x), in fixed point
  let scaled = ln(x) * mantissa;
  scaled = exponent >= 0 ? scaled << BigInt(exponent) : scaled >> BigInt(-exponent);
  if (y < 0) scaled = -scaled;
  const t = (scaled << P) / LN2;
  const whole = t >> P;
  const fraction = t - (whole << P);
  const significand = exp((fraction * LN2) >> P);
  // x ** y = significand * 2^(whole - P)
  const shift = whole - P;
  return shift >= 0n ? roundedRatio(significand << shift, 1n) : roundedRatio(significand, 1n << -shift);
}
