/**
 * Python's arithmetic operators over int, float, complex, `()` and `...`,
 * with CPython 3.11's coercions and exception messages.
 */
import type { BinaryOp, UnaryOp } from "./ast.js";
import * as C from "./complex.js";
import * as I from "./ints.js";
import { libmPower } from "./pow.js";
import type { PyNumber, PyValue } from "./values.js";
import { PyException, complex, float, int, intToDouble, isNumber, typeName } from "./values.js";

/** `Py_ssize_t` bounds, for the repeat count of `() * n`. */
const SSIZE_MAX = 2n ** 63n - 1n;
const SSIZE_MIN = -(2n ** 63n);

const OP_SYMBOL: Record<BinaryOp, string> = { "+": "+", "-": "-", "*": "*", "/": "/", "//": "//", "**": "** or pow()" };

function unsupported(op: BinaryOp, a: PyValue, b: PyValue): PyException {
  return new PyException("TypeError", `unsupported operand type(s) for ${OP_SYMBOL[op]}: '${typeName(a)}' and '${typeName(b)}'`);
}

export function unary(op: UnaryOp, v: PyValue): PyValue {
  switch (v.type) {
    case "int":
      return op === "-" ? int(-v.value) : v;
    case "float":
      return op === "-" ? float(-v.value) : v;
    case "complex":
      return op === "-" ? complex(-v.re, -v.im) : v;
    case "tuple":
    case "ellipsis":
      throw new PyException("TypeError", `bad operand type for unary ${op}: '${typeName(v)}'`);
    default:
      return v satisfies never;
  }
}

export function binary(op: BinaryOp, a: PyValue, b: PyValue): PyValue {
  if (isNumber(a) && isNumber(b)) return numeric(op, a, b);
  if (op === "+" && a.type === "tuple") {
    if (b.type === "tuple") return a;
    throw new PyException("TypeError", `can only concatenate tuple (not "${typeName(b)}") to tuple`);
  }
  if (op === "*" && (a.type === "tuple" || b.type === "tuple")) {
    return a.type === "tuple" ? repeatEmptyTuple(a, b) : repeatEmptyTuple(b, a);
  }
  throw unsupported(op, a, b);
}

/** `() * n`: the count must be an int that fits a Py_ssize_t; the result stays `()`. */
function repeatEmptyTuple(tuple: PyValue, count: PyValue): PyValue {
  if (count.type !== "int") {
    throw new PyException("TypeError", `can't multiply sequence by non-int of type '${typeName(count)}'`);
  }
  if (count.value > SSIZE_MAX || count.value < SSIZE_MIN) {
    throw new PyException("OverflowError", "cannot fit 'int' into an index-sized integer");
  }
  return tuple;
}

function toComplex(v: PyNumber): C.Complex {
  if (v.type === "complex") return v;
  return { re: v.type === "int" ? intToDouble(v.value) : v.value, im: 0 };
}

function toDouble(v: Exclude<PyNumber, { type: "complex" }>): number {
  return v.type === "int" ? intToDouble(v.value) : v.value;
}

function numeric(op: BinaryOp, a: PyNumber, b: PyNumber): PyValue {
  if (a.type === "complex" || b.type === "complex") return complexOp(op, a, b);
  if (a.type === "int" && b.type === "int") return intOp(op, a.value, b.value);
  // CPython converts both operands before looking at either value.
  const x = toDouble(a);
  const y = toDouble(b);
  return floatOp(op, x, y);
}

function complexOp(op: BinaryOp, a: PyNumber, b: PyNumber): PyValue {
  if (op === "//") throw unsupported(op, a, b);
  const x = toComplex(a);
  const y = toComplex(b);
  const r = op === "+" ? C.add(x, y) : op === "-" ? C.subtract(x, y) : op === "*" ? C.multiply(x, y) : op === "/" ? C.divide(x, y) : C.power(x, y);
  return complex(r.re, r.im);
}

function intOp(op: BinaryOp, a: bigint, b: bigint): PyValue {
  switch (op) {
    case "+":
      return int(I.checkSize(a + b));
    case "-":
      return int(I.checkSize(a - b));
    case "*":
      return int(I.multiply(a, b));
    case "/":
      return float(I.trueDivide(a, b));
    case "//":
      return int(I.floorDivide(a, b));
    case "**":
      // A negative exponent makes it a float power (both sides converted first).
      return b < 0n ? floatPower(intToDouble(a), intToDouble(b)) : int(I.power(a, b));
    default:
      return op satisfies never;
  }
}

function floatOp(op: BinaryOp, x: number, y: number): PyValue {
  switch (op) {
    case "+":
      return float(x + y);
    case "-":
      return float(x - y);
    case "*":
      return float(x * y);
    case "/":
      if (y === 0) throw new PyException("ZeroDivisionError", "float division by zero");
      return float(x / y);
    case "//":
      return float(floatFloorDivide(x, y));
    case "**":
      return floatPower(x, y);
    default:
      return op satisfies never;
  }
}

/** `float_floor_div` via CPython's `_float_div_mod`. */
function floatFloorDivide(vx: number, wx: number): number {
  if (wx === 0) throw new PyException("ZeroDivisionError", "float floor division by zero");
  let mod = vx % wx;
  let div = (vx - mod) / wx;
  // C tests a double for truth: NaN counts as nonzero.
  if (mod !== 0) {
    if (wx < 0 !== mod < 0) {
      mod += wx;
      div -= 1;
    }
  }
  if (div !== 0) {
    let floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1;
    return floordiv;
  }
  // A zero quotient takes the sign of the true quotient.
  return vx / wx < 0 || Object.is(vx / wx, -0) ? -0 : 0;
}

const isOddInteger = (x: number): boolean => Math.abs(x) % 2 === 1;

/** `float_pow`: its special cases, then the platform pow with overflow detection. */
function floatPower(iv: number, iw: number): PyValue {
  if (iw === 0) return float(1);
  if (Number.isNaN(iv)) return float(iv);
  if (Number.isNaN(iw)) return float(iv === 1 ? 1 : iw);
  if (!Number.isFinite(iw)) {
    const av = Math.abs(iv);
    if (av === 1) return float(1);
    return float(iw > 0 === av > 1 ? Math.abs(iw) : 0);
  }
  if (!Number.isFinite(iv)) {
    const odd = isOddInteger(iw);
    if (iw > 0) return float(odd ? iv : Math.abs(iv));
    return float(odd ? (iv < 0 ? -0 : 0) : 0);
  }
  if (iv === 0) {
    if (iw < 0) throw new PyException("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return float(isOddInteger(iw) ? iv : 0);
  }
  let base = iv;
  let negate = false;
  if (base < 0) {
    // Negative numbers raised to fractional powers become complex.
    if (iw !== Math.floor(iw)) {
      const r = C.power({ re: iv, im: 0 }, { re: iw, im: 0 });
      return complex(r.re, r.im);
    }
    base = -base;
    negate = isOddInteger(iw);
  }
  if (base === 1) return float(negate ? -1 : 1);
  const ix = libmPower(base, iw);
  if (!Number.isFinite(ix)) throw new PyException("OverflowError", "(34, 'Numerical result out of range')");
  return float(negate ? -ix : ix);
}
