/**
 * Python's `repr(float)` for a finite, non-integral double: the shortest
 * round-trip digits (the same digits JavaScript picks) laid out with Python's
 * rule, which switches to exponent form below 1e-4 or from 1e16 on and pads
 * the exponent to two digits (`1e-05`).
 */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, expText] = x.toExponential().split("e") as [string, string];
  const exp = Number(expText);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (exp < -4 || exp >= 16) {
    const frac = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const expSign = exp < 0 ? "-" : "+";
    const expAbs = String(Math.abs(exp)).padStart(2, "0");
    return `${sign}${frac}e${expSign}${expAbs}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const intLen = exp + 1;
  if (digits.length <= intLen) return `${sign}${digits}${"0".repeat(intLen - digits.length)}.0`;
  return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}

/** `str(int)` for an integral double of any magnitude (no `1e+21` form). */
export function integralToString(x: number): string {
  if (Object.is(x, -0)) return "0";
  // Beyond 2^53 String() pads shortest digits with zeros; Python prints the exact value.
  return Math.abs(x) <= 2 ** 53 ? String(x) : BigInt(x).toString();
}
