import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { pyFixed2, pyFloatRepr, pyFloatStr, pyRound } from "../../src/python/float.js";
import { runPython } from "../helpers/python.js";

interface RoundVector {
  input_repr: string;
  round_x_2_repr: string;
}
const file = join(resolveDataRoot(), "..", "reference", "vectors", "hash_vectors_sample.json");
const vectors = (JSON.parse(readFileSync(file, "utf8")) as { python_round2_vectors: RoundVector[] }).python_round2_vectors;

describe("pyRound", () => {
  for (const v of vectors) {
    it(`round(${v.input_repr}, 2) == ${v.round_x_2_repr}`, () => {
      expect(pyFloatRepr(pyRound(Number(v.input_repr), 2))).toBe(v.round_x_2_repr);
    });
  }

  it("agrees with CPython's round() and repr() on generated floats", () => {
    const ties = fc.integer({ min: -100000, max: 100000 }).map((n) => n / 8);
    const cents = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000);
    const wide = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 });
    const tiny = fc.double({ noNaN: true, min: -1e-3, max: 1e-3 });
    const samples = fc.sample(fc.oneof(ties, cents, wide, tiny), { numRuns: 4000, seed: 20241 });
    const digits = fc.sample(fc.integer({ min: 0, max: 4 }), { numRuns: samples.length, seed: 7 });
    const input = samples.map((x, i) => JSON.stringify([Object.is(x, -0) ? "-0.0" : x.toExponential(), digits[i]])).join("\n");
    const py = runPythonRound(input);
    samples.forEach((x, i) => {
      const got = pyFloatRepr(pyRound(x, digits[i]));
      expect(`${x} ${digits[i]} -> ${got}`).toBe(`${x} ${digits[i]} -> ${py[i]}`);
    });
  });
});

function runPythonRound(input: string): string[] {
  return runPython("round_repr.py", input);
}

// Expected texts are CPython 3.11 `format(x, ".2f")` and `repr(x)` output.
describe("float text", () => {
  it("formats .2f with ties to even on the exact binary value", () => {
    const cases: [number, string][] = [
      [0.125, "0.12"],
      [0.375, "0.38"],
      [2.675, "2.67"],
      [-0.001, "-0.00"],
      [1e-7, "0.00"],
      [NaN, "nan"],
      [Infinity, "inf"],
      [-Infinity, "-inf"],
      [1234.5, "1234.50"],
      [0.005, "0.01"],
      [-2.5, "-2.50"],
    ];
    for (const [x, text] of cases) expect(pyFixed2(x), String(x)).toBe(text);
  });

  it("prints floats as repr does", () => {
    expect([1, 1e16, 1e-5, 123456789.123, -0, 1e22, 0.1 + 0.2].map(pyFloatStr)).toEqual([
      "1.0",
      "1e+16",
      "1e-05",
      "123456789.123",
      "-0.0",
      "1e+22",
      "0.30000000000000004",
    ]);
  });
});
