import { describe, expect, it } from "vitest";
import { bitLength, floorDivide, roundedRatio, trueDivide } from "../../../src/python/expr/ints.js";

// Expected values from python3 (`a // b`, `a / b`, `n.bit_length()`).
describe("int arithmetic", () => {
  it("floor-divides towards negative infinity", () => {
    expect(floorDivide(-7n, 2n)).toBe(-4n);
    expect(floorDivide(7n, -2n)).toBe(-4n);
    expect(floorDivide(-8n, 2n)).toBe(-4n);
    expect(floorDivide(7n, 2n)).toBe(3n);
    expect(() => floorDivide(1n, 0n)).toThrow("integer division or modulo by zero");
  });

  it("divides exactly, rounding once, even for operands past 2^53", () => {
    expect(trueDivide(10n ** 400n, 3n * 10n ** 399n)).toBe(3.3333333333333335);
    expect(trueDivide(2n ** 1100n + 1n, 2n ** 1000n)).toBe(1.2676506002282294e30);
    expect(trueDivide(1n, 3n)).toBe(0.3333333333333333);
    expect(Object.is(trueDivide(0n, -5n), -0)).toBe(true);
    expect(() => trueDivide(10n ** 400n, 3n)).toThrow("integer division result too large for a float");
    expect(() => trueDivide(1n, 0n)).toThrow("division by zero");
  });

  it("rounds a ratio into the subnormal range", () => {
    // 2**-1074 * 3 / 2 == 1e-323 (5e-324 * 1.5, ties to even)
    expect(roundedRatio(3n, 2n ** 1075n)).toBe(1e-323);
  });

  it("counts bits as int.bit_length()", () => {
    expect(bitLength(0n)).toBe(0);
    expect(bitLength(255n)).toBe(8);
    expect(bitLength(-256n)).toBe(9);
  });
});
