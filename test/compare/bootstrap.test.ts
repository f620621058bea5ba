import { describe, expect, it } from "vitest";
import { pairedBootstrap } from "../../src/compare/bootstrap.js";

describe("pairedBootstrap", () => {
  it("is a point when every difference is the same", () => {
    expect(pairedBootstrap([-1, -1, -1], 3, "x")).toEqual({ low: -1, high: -1 });
  });

  it("has no interval without paired scenarios", () => {
    expect(pairedBootstrap([], 0, "x")).toBeUndefined();
  });

  it("depends on the seed and label only, and narrows with more scenarios", () => {
    const few = [1, 0, 0, 0, -1, 0, 1, 0];
    expect(pairedBootstrap(few, 1, "d")).toEqual(pairedBootstrap(few, 1, "d"));
    const many = Array.from({ length: 40 }, (_, i) => few[i % few.length] as number);
    const a = pairedBootstrap(few, 1, "d") as { low: number; high: number };
    const b = pairedBootstrap(many, 1, "d") as { low: number; high: number };
    expect(b.high - b.low).toBeLessThan(a.high - a.low);
    // Mean 1/8; with 8 scenarios the 95 % interval of the mean is roughly ±0.35 around it.
    expect(a.low).toBeLessThan(0.125);
    expect(a.high).toBeGreaterThan(0.125);
    expect(a.low).toBeGreaterThan(-0.6);
    expect(a.high).toBeLessThan(0.8);
  });
});
