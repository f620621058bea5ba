/**
 * Python's `round(x, n)` for floats: the exact binary value is rounded to `n`
 * decimals, ties to even (`round(2.675, 2) == 2.67`, `round(0.125, 2) == 0.12`).
 * `toFixed` already rounds the exact value but breaks ties upwards, so exact
 * ties are detected with BigInt arithmetic and resolved to the even neighbour.
 */
export function pythonRound(x: number, ndigits = 0): number {
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

