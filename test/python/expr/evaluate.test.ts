import { describe, expect, it } from "vitest";
import { evaluateCalculatorExpression } from "../../../src/python/expr/evaluate.js";

// Each expected value is what CPython 3.11 prints for `round(float(eval(text)), 2)`, or `str(e)` of
// the exception it raises (computed with python3 and written out).
const CASES: [string, ReturnType<typeof evaluateCalculatorExpression>][] = [
  ["1 + 2", { ok: true, value: 3.0 }],
  ["7 // 2", { ok: true, value: 3.0 }],
  ["-7 // 2", { ok: true, value: -4.0 }],
  ["10 / 4", { ok: true, value: 2.5 }],
  ["2 ** 10", { ok: true, value: 1024.0 }],
  ["2 ** -1", { ok: true, value: 0.5 }],
  ["0.1 + 0.2", { ok: true, value: 0.3 }],
  ["2.0 ** 1000 * 2.0 ** 100", { ok: true, value: Infinity }],
  ["(-8) ** (1/3)", { ok: false, message: "float() argument must be a string or a real number, not 'complex'" }],
  ["1 / 0", { ok: false, message: "division by zero" }],
  ["1 // 0", { ok: false, message: "integer division or modulo by zero" }],
  ["1.5 // 0", { ok: false, message: "float floor division by zero" }],
  ["2 ** 0.5", { ok: true, value: 1.41 }],
  ["3 * (4 + 5)", { ok: true, value: 27.0 }],
  ["", { ok: false, message: "invalid syntax (<string>, line 0)" }],
  ["(1", { ok: false, message: "'(' was never closed (<string>, line 1)" }],
  ["1 +", { ok: false, message: "invalid syntax (<string>, line 1)" }],
  ["01", { ok: false, message: "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers (<string>, line 1)" }],
  ["1 2", { ok: false, message: "invalid syntax (<string>, line 1)" }],
  ["()", { ok: false, message: "float() argument must be a string or a real number, not 'tuple'" }],
  ["() + 1", { ok: false, message: "can only concatenate tuple (not \"int\") to tuple" }],
  ["-()", { ok: false, message: "bad operand type for unary -: 'tuple'" }],
  ["... + 1", { ok: false, message: "unsupported operand type(s) for +: 'ellipsis' and 'int'" }],
  ["(1)(2)", { ok: false, message: "'int' object is not callable" }],
  ["10 ** 400 / 3", { ok: false, message: "integer division result too large for a float" }],
  ["2 ** 1024.0", { ok: false, message: "(34, 'Numerical result out of range')" }],
  ["2.675 * 1", { ok: true, value: 2.67 }],
  ["0.125 * 10", { ok: true, value: 1.25 }],
  ["1.005 * 1", { ok: true, value: 1.0 }],
  ["4 ** .5", { ok: true, value: 2.0 }],
  ["(-1) ** .5", { ok: false, message: "float() argument must be a string or a real number, not 'complex'" }],
  ["0 ** -1", { ok: false, message: "0.0 cannot be raised to a negative power" }],
  ["(2) * ()", { ok: false, message: "float() argument must be a string or a real number, not 'tuple'" }],
  ["() * 1.5", { ok: false, message: "can't multiply sequence by non-int of type 'float'" }],
];

describe("evaluateCalculatorExpression", () => {
  it.each(CASES)("%j", (text, expected) => {
    expect(evaluateCalculatorExpression(text)).toEqual(expected);
  });

  it("reports the compiler's recursion limit for a deeply nested sum, as eval does", () => {
    // python3: eval("+".join(["1"] * 3000)) -> RecursionError: maximum recursion depth exceeded during compilation
    expect(evaluateCalculatorExpression(Array(3000).fill("1").join("+"))).toEqual({ ok: false, message: "maximum recursion depth exceeded during compilation" });
  });
});
