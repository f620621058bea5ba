import { describe, expect, it } from "vitest";
import { complex, float, int, intToDouble, pyStr, typeName } from "../../../src/python/expr/values.js";

// Expected texts from python3: str(complex(...)), str(float), str(int), type(x).__name__.
describe("calculator values", () => {
  it("prints values as str() does", () => {
    expect(pyStr(complex(0, 1))).toBe("1j");
    expect(pyStr(complex(1, -2.5))).toBe("(1-2.5j)");
    expect(pyStr(complex(-0, 1))).toBe("(-0+1j)");
    expect(pyStr(complex(0, -0))).toBe("-0j");
    expect(pyStr(float(1e16))).toBe("1e+16");
    expect(pyStr(float(1e-5))).toBe("1e-05");
    expect(pyStr(float(-0))).toBe("-0.0");
    expect(pyStr(int(-12n))).toBe("-12");
    expect(pyStr({ type: "tuple" })).toBe("()");
    expect(pyStr({ type: "ellipsis" })).toBe("Ellipsis");
  });

  it("refuses to print an int of more than 4300 digits", () => {
    expect(() => pyStr(int(10n ** 5000n))).toThrow("Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit");
  });

  it("converts an int to float, or raises OverflowError", () => {
    expect(intToDouble(2n ** 53n + 1n)).toBe(9007199254740992);
    expect(() => intToDouble(10n ** 400n)).toThrow("int too large to convert to float");
  });

  it("names types as type().__name__", () => {
    expect(typeName(complex(1, 1))).toBe("complex");
    expect(typeName({ type: "ellipsis" })).toBe("ellipsis");
  });
});
