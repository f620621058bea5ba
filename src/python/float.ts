/**
 * Python floats as text, and Python's `round()`: the one float module.
 * (Reading a float from a string, `float(s)`, lives with `int(s)` in
 * number.ts: both share the Unicode digit and space rules.)
 */

/**
 * Python's `repr(float)` for a double as `json.dumps` spells it (`NaN`,
 * `Infinity` where `repr` says `nan`, `inf`): the shortest
 * round-trip digits (the same digits JavaScript picks) laid out with Python's
 * rule, which switches to exponent form below 1e-4 or from 1e16 on and pads
 * the exponent to two digits (`1e-05`).
 */
export function pyFloatRepr(x: number): string {
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
export function pyIntStr(x: number): string {
  if (Object.is(x, -0)) return "0";
  // Beyond 2^53 String() pads shortest digits with zeros; Python prints the exact value.
  return Math.abs(x) <= 2 ** 53 ? String(x) : BigInt(x).toString();
}

/** `repr(float)`: `1.0`, `1e-05`, `nan`, `inf`. */
export function pyFloatStr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  return pyFloatRepr(x);
}

/** `f"{x:.2f}"`: the exact value rounded half-to-even, as Python formats it. */
export function pyFixed2(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  // toFixed switches to exponent form from 1e21; every double that large is an integer, written out in full.
  const text = Math.abs(x) >= 1e21 ? `${BigInt(Math.abs(x)).toString()}.00` : Math.abs(pyRound(x, 2)).toFixed(2);
  return x < 0 || Object.is(x, -0) ? `-${text}` : text;
}

/**
 * Python's `round(x, n)` for floats: the exact binary value is rounded to `n`
 * decimals, ties to even (`round(2.675, 2) == 2.67`, `round(0.125, 2) == 0.12`).
 * `toFixed` already rounds the exact value but breaks ties upwards, so exact
 * ties are detected with BigInt arithmetic and resolved to the even neighbour.
 */
export function pyRound(x: number, ndigits = 0): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (ndigits > 20 || Math.abs(x) >= 1e21) return x;
  const text = Math.abs(x).toFixed(ndigits);
  let result = Number(text);
  if (isExactTie(Math.abs(x), ndigits)) {
    const scaled = BigInt(text.replace(".", ""));
    if (scaled % 2n === 1n) result = Number(scaledToText(scaled - 1n, ndigits));
  }
  const signed = x < 0 ? -result : result;
  return signed === 0 ? (x < 0 ? -0 : 0) : signed;
}

function scaledToText(scaled: bigint, ndigits: number): string {
  const digits = scaled.toString().padStart(ndigits + 1, "0");
  return ndigits === 0 ? digits : `${digits.slice(0, -ndigits)}.${digits.slice(-ndigits)}`;
}

/** Is `x * 10^n` exactly halfway between two integers? */
function isExactTie(x: number, ndigits: number): boolean {
  const { mantissa, exponent } = decompose(x);
  if (exponent >= 0) return false;
  const scaled = mantissa * 10n ** BigInt(ndigits);
  const denom = 1n << BigInt(-exponent);
  return scaled % denom === denom / 2n;
}

/** x = mantissa * 2^exponent exactly, with an integer mantissa. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const rawExp = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  if (rawExp === 0) return { mantissa: frac, exponent: -1074 };
  return { mantissa: frac | (1n << 52n), exponent: rawExp - 1075 };
}
