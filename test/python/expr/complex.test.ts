import { describe, expect, it } from "vitest";
import { divide, multiply, power } from "../../../src/python/expr/complex.js";

// Expected values and messages from python3's complex type.
describe("complex arithmetic", () => {
  it("multiplies and divides as CPython does", () => {
    expect(multiply({ re: 1, im: 2 }, { re: 3, im: -4 })).toEqual({ re: 11, im: 2 });
    expect(divide({ re: 1, im: 2 }, { re: 3, im: -4 })).toEqual({ re: -0.2, im: 0.4 });
    expect(() => divide({ re: 1, im: 1 }, { re: 0, im: 0 })).toThrow("complex division by zero");
  });

  it("raises to powers, and fails as CPython fails", () => {
    expect(power({ re: 1, im: 2 }, { re: 3, im: 0 })).toEqual({ re: -11, im: -2 });
    expect(power({ re: 2, im: 0 }, { re: 0.5, im: 0 })).toEqual({ re: 1.4142135623730951, im: 0 });
    expect(() => power({ re: 0, im: 0 }, { re: -1, im: 0 })).toThrow("0.0 to a negative or complex power");
    expect(() => power({ re: 1e200, im: 1e200 }, { re: 3.5, im: 0 })).toThrow("complex exponentiation");
  });
});
