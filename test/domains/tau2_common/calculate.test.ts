/**
 * CalculateTool against CPython 3.11: literal cases whose expected answers
 * were produced by the reference's own code (`round(float(eval(e)), 2)` and
 * its error handling), and generated expressions checked against the same
 * code run by test/oracles/tau2_calculate.py.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateTool, calculatorResult } from "../../../src/domains/tau2_common/calculate.js";
import { createRng } from "../../../src/engine/rng.js";
import type { JsonObject } from "../../../src/json/types.js";
import { runPython } from "../../helpers/python.js";

const ok = (result: string) => ({ status: "success", result });
const invalid = (message: string) => ({ status: "error", error_type: "value_error", message: `Invalid expression: ${message}` });
const syntax = (message: string, line = 1) => invalid(`${message} (<string>, line ${line})`);

// Expected values printed by CPython 3.11 running the reference's CalculateTool body.
const CASES: [string, JsonObject][] = [
  ["2+2", ok("4.0")],
  ["(150 + 200) * 2", ok("700.0")],
  ["1/3", ok("0.33")],
  ["0.125", ok("0.12")],
  ["0.375", ok("0.38")],
  ["2.675", ok("2.67")],
  ["1.005*1", ok("1.0")],
  ["-0.001", ok("-0.0")],
  ["0-0.0", ok("0.0")],
  ["99999999999999999999", ok("1e+20")],
  ["10**16", ok("1e+16")],
  ["-2**2", ok("-4.0")],
  ["2**-1", ok("0.5")],
  ["2**0.5", ok("1.41")],
  ["-8**0.5", ok("-2.83")],
  ["2//-3", ok("-1.0")],
  ["-7//2", ok("-4.0")],
  ["-7.5//-2", ok("3.0")],
  ["1 - - - 2", ok("-1.0")],
  [" 1", ok("1.0")],
  ["00", ok("0.0")],
  ["01.5", ok("1.5")],
  ["1.", ok("1.0")],
  [".5", ok("0.5")],
  ["10**400/10**399", ok("10.0")],
  ["10**400//10**399", ok("10.0")],
  ["2**1024-2**1024+1.0", ok("1.0")],
  ["2**-1075", ok("0.0")],
  ["10**308*10.0", ok("inf")],
  ["10**308*10.0-10**308*10.0", ok("nan")],
  ["-1//(10**308*10.0)", ok("-1.0")],
  ["1e3", { status: "error", error_type: "value_error", message: "Invalid characters in expression" }],
  ["2 % 3", { status: "error", error_type: "value_error", message: "Invalid characters in expression" }],
  ["1/0", invalid("division by zero")],
  ["1.0/0", invalid("float division by zero")],
  ["1//0", invalid("integer division or modulo by zero")],
  ["1//0.0", invalid("float floor division by zero")],
  ["0**-1", invalid("0.0 cannot be raised to a negative power")],
  ["10**400", invalid("int too large to convert to float")],
  ["10**400/1", invalid("integer division result too large for a float")],
  ["10.0**400", invalid("(34, 'Numerical result out of range')")],
  ["(-8)**(1/3)", invalid("float() argument must be a string or a real number, not 'complex'")],
  ["1/((-1)**0.5-(-1)**0.5)", invalid("complex division by zero")],
  ["(-2.0)**1024.5", invalid("complex exponentiation")],
  ["(-1)**0.5//1", invalid("unsupported operand type(s) for //: 'complex' and 'int'")],
  ["()", invalid("float() argument must be a string or a real number, not 'tuple'")],
  ["()+1", invalid('can only concatenate tuple (not "int") to tuple')],
  ["1+()", invalid("unsupported operand type(s) for +: 'int' and 'tuple'")],
  ["()*1.5", invalid("can't multiply sequence by non-int of type 'float'")],
  ["()*10**30", invalid("cannot fit 'int' into an index-sized integer")],
  ["-()", invalid("bad operand type for unary -: 'tuple'")],
  ["...", invalid("float() argument must be a string or a real number, not 'ellipsis'")],
  ["(1)(2)", invalid("'int' object is not callable")],
  ["(1)(*1)", invalid("1 argument after * must be an iterable, not int")],
  ["(1)(**())", invalid("1 argument after ** must be a mapping, not tuple")],
  ["(1)(1/0)", invalid("division by zero")],
  ["", syntax("invalid syntax", 0)],
  ["1+", syntax("invalid syntax")],
  ["1 2", syntax("invalid syntax")],
  ["(1 2)", syntax("invalid syntax. Perhaps you forgot a comma?")],
  ["(1 2", syntax("'(' was never closed")],
  ["1 2)", syntax("unmatched ')'")],
  ["01", syntax("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")],
  ["(*1)", syntax("cannot use starred expression here")],
  ["(**1)", syntax("cannot use double starred expression here")],
  ["(*1 2)", syntax("invalid syntax. Perhaps you forgot a comma?")],
  ["1.2.3", syntax("invalid syntax")],
  [`${"(".repeat(201)}1${")".repeat(201)}`, syntax("too many nested parentheses")],
  [`${"-".repeat(2991)}1`, invalid("maximum recursion depth exceeded during compilation")],
  [`1${"**1".repeat(2988)}`, invalid("")],
  ["1".repeat(4301), syntax("Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.")],
];

describe("CalculateTool", () => {
  it.each(CASES.map(([e, r]) => [e.length > 40 ? `${e.slice(0, 20)}…(${e.length} chars)` : e, e, r] as const))("%s", (_label, expression, expected) => {
    const result = calculatorResult(expression);
    expect(result).toStrictEqual(expected);
    expect(Object.keys(result)).toStrictEqual(Object.keys(expected));
  });

  it("is the reference's tool: name, record name, no DB needed", () => {
    expect([calculateTool.name, calculateTool.actionName, calculateTool.kind, calculateTool.needsDb]).toStrictEqual(["CalculateTool", "calculate", "read", false]);
    const ctx = { today: "2024-05-15", rng: createRng(1), nextCallIndex: () => 1, record: () => undefined };
    expect(calculateTool.run({}, { expression: "3*4" }, ctx)).toStrictEqual(ok("12.0"));
  });
});

describe("CalculateTool on generated expressions agrees with CPython", () => {
  const space = fc.constantFrom("", "", "", " ");
  const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
  const number = fc.oneof(
    fc.integer({ min: 0, max: 1000 }).map(String),
    fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
    fc.tuple(digits(1, 4), digits(0, 4)).map(([i, f]) => `${i.replace(/^0+(?=\d)/, "")}.${f}`),
    fc.tuple(digits(0, 2), digits(1, 3)).map(([i, f]) => `${i}.${f}`),
    fc.integer({ min: 0, max: 999 }).map((n) => `${n}.${String(n % 100).padStart(2, "0")}5`),
    fc.constantFrom("0", "00", "0.0", "1e", "01", "..."),
  );
  // Exponents stay small so that no power takes CPython minutes.
  const exponent = fc.oneof(fc.integer({ min: -3, max: 12 }).map((n) => (n < 0 ? `(${n})` : `${n}`)), fc.constantFrom("0.5", "-0.5", "(1/3)", "-1", "2.0"));
  const { expr } = fc.letrec((tie) => ({
    expr: fc.oneof(
      { depthSize: "small", maxDepth: 5 },
      number,
      fc.tuple(fc.constantFrom("-", "+", "- ", "--"), tie("expr")).map(([op, e]) => `${op}${e}`),
      fc.tuple(tie("expr"), space, fc.constantFrom("+", "-", "*", "/", "//"), space, tie("expr")).map((p) => p.join("")),
      fc.tuple(tie("atom"), space, exponent).map(([b, s, x]) => `${b}${s}**${s}${x}`),
      tie("expr").map((e) => `(${e})`),
      fc.tuple(tie("atom"), tie("expr")).map(([f, a]) => `${f}(${a})`),
    ),
    atom: fc.oneof(number, tie("expr").map((e) => `(${e})`), fc.constant("()")),
  }));
  const noise = fc
    .string({ unit: fc.constantFrom(..."0123456789+-*/(). ", "**", "//", "(", ")"), maxLength: 14 })
    .filter((s) => (s.match(/\*\*/g) ?? []).length <= 1 && !/\*\*[\s(+-]*\d{5}/.test(s));

  it("for structured and random expressions", () => {
    const expressions = [
      ...fc.sample(expr, { numRuns: 3000, seed: 424242 }),
      ...fc.sample(noise, { numRuns: 3000, seed: 171717 }),
    ];
    const python = runPython("tau2_calculate.py", expressions.map((e) => JSON.stringify(e)).join("\n") + "\n");
    expect(python.length).toBe(expressions.length);
    expressions.forEach((e, i) => {
      expect(`${e} -> ${JSON.stringify(calculatorResult(e))}`).toBe(`${e} -> ${JSON.stringify(JSON.parse(python[i] as string))}`);
    });
  });
});
