import { describe, expect, it } from "vitest";
import { libmPower } from "../../../src/python/expr/pow.js";

// Each expected value is `repr(x ** y)` from python3 (glibc's correctly rounded pow).
const CASES: [number, number, number][] = [
  [2.5, 3.7, 29.67413253642086],
  [1.0000001, 1e9, 2.6881038582144647e43],
  [10, -5.5, 3.162277660168379e-6],
  [0.5, 1074, 5e-324],
  [0.5, 1075, 0],
  [1.1, 7000, 5.607846372419733e289],
  [3, -2, 0.1111111111111111],
  [7.3, 120, 3.969567712116842e103],
];

describe("libmPower", () => {
  it.each(CASES)("%d ** %d", (x, y, expected) => {
    expect(libmPower(x, y)).toBe(expected);
  });

  it("overflows to infinity", () => {
    expect(libmPower(2, 1024)).toBe(Infinity);
  });
});
