/** Python runtime values the calculator can produce, and the exception it raises. */
import { pyFloatStr as floatStr } from "../float.js";

export type PyValue =
  | { readonly type: "int"; readonly value: bigint }
  | { readonly type: "float"; readonly value: number }
  | { readonly type: "complex"; readonly re: number; readonly im: number }
  /** Only `()` is spellable without commas. */
  | { readonly type: "tuple" }
  | { readonly type: "ellipsis" };

export type PyNumber = Extract<PyValue, { type: "int" | "float" | "complex" }>;

/** A Python exception: its class name and `str(exc)`. */
export class PyException extends Error {
  constructor(
    readonly pyType: string,
    readonly pyMessage: string,
  ) {
    super(`${pyType}: ${pyMessage}`);
  }
}

export const int = (value: bigint): PyValue => ({ type: "int", value });
export const float = (value: number): PyValue => ({ type: "float", value });
export const complex = (re: number, im: number): PyValue => ({ type: "complex", re, im });

/** `type(x).__name__`. */
export function typeName(v: PyValue): string {
  return v.type;
}

export function isNumber(v: PyValue): v is PyNumber {
  return v.type === "int" || v.type === "float" || v.type === "complex";
}

export const INT_TOO_LARGE = "int too large to convert to float";
const MAX_STR_DIGITS = 4300;

/** `float(int)`: correctly rounded (what `Number(bigint)` does), or OverflowError. */
export function intToDouble(value: bigint): number {
  const x = Number(value);
  if (!Number.isFinite(x)) throw new PyException("OverflowError", INT_TOO_LARGE);
  return x;
}

/** `repr(float)`. */
export { floatStr };

/** A float as complex `repr` writes its parts: shortest digits, no forced `.0`. */
function complexPart(x: number, withSign: boolean): string {
  const text = floatStr(x).replace(/\.0$/, "");
  return withSign && !text.startsWith("-") ? `+${text}` : text;
}

/** `str(x)`. */
export function pyStr(v: PyValue): string {
  switch (v.type) {
    case "int": {
      const text = v.value.toString();
      if (text.replace("-", "").length > MAX_STR_DIGITS) {
        throw new PyException(
          "ValueError",
          `Exceeds the limit (${MAX_STR_DIGITS} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit`,
        );
      }
      return text;
    }
    case "float":
      return floatStr(v.value);
    case "complex":
      if (v.re === 0 && !Object.is(v.re, -0)) return `${complexPart(v.im, false)}j`;
      return `(${complexPart(v.re, false)}${complexPart(v.im, true)}j)`;
    case "tuple":
      return "()";
    case "ellipsis":
      return "Ellipsis";
    default:
      return v satisfies never;
  }
}
