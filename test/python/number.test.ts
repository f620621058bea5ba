import { describe, expect, it } from "vitest";
import { parsePyFloat, parsePyInt, pyFloat, pyFloatOrUndefined, pyInt } from "../../src/python/number.js";

// Expected values and messages: CPython 3.11 float(x) / int(x) on the same inputs.
describe("float() and int()", () => {
  it("read strings with Python's whitespace and Unicode digits", () => {
    expect(parsePyFloat("1.5\x85")).toBe(1.5);
    expect(parsePyFloat("1.5\x1f")).toBeUndefined();
    expect(parsePyFloat("1.5\ufeff")).toBeUndefined();
    expect(parsePyFloat(" ١٢٣ ")).toBe(123);
    expect(parsePyFloat("１２")).toBe(12);
    expect(parsePyFloat("1_000.5")).toBe(1000.5);
    expect(parsePyFloat("1__0")).toBeUndefined();
    expect(parsePyFloat("-Infinity")).toBe(-Infinity);
    expect(parsePyFloat("nan")).toBeNaN();
    expect(parsePyFloat("0x10")).toBeUndefined();
    expect(parsePyInt(" ١٢٣ ")).toBe(123n);
    expect(parsePyInt("1_000.5")).toBeUndefined();
    expect(parsePyInt("inf")).toBeUndefined();
  });

  it("raise Python's messages", () => {
    expect(() => pyFloat("1.5\x1f")).toThrow("could not convert string to float: '1.5\\x1f'");
    expect(() => pyFloat(null)).toThrow("float() argument must be a string or a real number, not 'NoneType'");
    expect(() => pyFloat(10n ** 400n)).toThrow("int too large to convert to float");
    expect(() => pyInt("0x10")).toThrow("invalid literal for int() with base 10: '0x10'");
    expect(() => pyInt([1])).toThrow("int() argument must be a string, a bytes-like object or a real number, not 'list'");
    expect(() => pyInt(NaN)).toThrow("cannot convert float NaN to integer");
    expect(() => pyInt(Infinity)).toThrow("cannot convert float infinity to integer");
  });

  it("convert numbers and bools", () => {
    expect(pyFloat(true)).toBe(1);
    expect(pyInt(-2.7)).toBe(-2);
    expect(pyInt("10000000000000000000000")).toBe(10n ** 22n);
  });

  it("give undefined for float() where Python raises", () => {
    expect(pyFloatOrUndefined("2.5")).toBe(2.5);
    expect(pyFloatOrUndefined("abc")).toBeUndefined();
    expect(pyFloatOrUndefined([1])).toBeUndefined();
    expect(pyFloatOrUndefined(null)).toBeUndefined();
  });
});
