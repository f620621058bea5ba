import { describe, expect, it } from "vitest";
import { binary, unary } from "../../../src/python/expr/operators.js";
import { float, int, type PyValue } from "../../../src/python/expr/values.js";

const tuple: PyValue = { type: "tuple" };
const ellipsis: PyValue = { type: "ellipsis" };

// Results and messages from python3 (`eval` of the same operation).
describe("operators", () => {
  it("computes numeric results with Python's types", () => {
    expect(binary("**", int(2n), int(-2n))).toEqual(float(0.25));
    expect(binary("**", int(-2n), int(-1n))).toEqual(float(-0.5));
    expect(binary("**", float(2), float(-1))).toEqual(float(0.5));
    expect(binary("//", int(-7n), int(2n))).toEqual(int(-4n));
    expect(binary("+", float(1e308), float(1e308))).toEqual(float(Infinity));
    expect(unary("-", int(3n))).toEqual(int(-3n));
  });

  it("raises what Python raises", () => {
    expect(() => binary("//", float(1.5), float(0))).toThrow("float floor division by zero");
    expect(() => binary("**", float(0), int(-1n))).toThrow("0.0 cannot be raised to a negative power");
    expect(() => binary("**", int(0n), int(-1n))).toThrow("0.0 cannot be raised to a negative power");
    expect(() => binary("*", tuple, int(2n ** 63n))).toThrow("cannot fit 'int' into an index-sized integer");
    expect(() => binary("*", tuple, float(1.5))).toThrow("can't multiply sequence by non-int of type 'float'");
    expect(() => binary("*", ellipsis, tuple)).toThrow("can't multiply sequence by non-int of type 'ellipsis'");
    expect(() => binary("+", tuple, int(1n))).toThrow('can only concatenate tuple (not "int") to tuple');
    expect(() => binary("+", ellipsis, int(1n))).toThrow("unsupported operand type(s) for +: 'ellipsis' and 'int'");
    expect(() => unary("-", ellipsis)).toThrow("bad operand type for unary -: 'ellipsis'");
    expect(() => unary("+", tuple)).toThrow("bad operand type for unary +: 'tuple'");
  });

  it("gives a complex for a negative float to a fractional power", () => {
    // (-2.0) ** 0.5 == (8.659560562354934e-17+1.4142135623730951j)
    expect(binary("**", float(-2), float(0.5))).toEqual({ type: "complex", re: 8.659560562354934e-17, im: 1.4142135623730951 });
  });
});
