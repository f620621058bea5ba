import { describe, expect, it } from "vitest";
import { out, putAscii, putNumber, putString, textOf } from "../../../src/hash/db/writer.js";

const written = (put: () => void): string => {
  out.pos = 0;
  put();
  return textOf(0, out.pos);
};

// Expected texts from python3: json.dumps(x, separators=(",", ":")) (ensure_ascii on).
describe("the hash's byte writer", () => {
  it("writes strings as Python's ensure_ascii escapes them", () => {
    expect(written(() => putString('é\n"'))).toBe(String.raw`"\u00e9\n\""`);
    expect(written(() => putString("😀"))).toBe(String.raw`"\ud83d\ude00"`);
    expect(written(() => putString("plain"))).toBe('"plain"');
    expect(written(() => putString("a\u007fb"))).toBe(String.raw`"a\u007fb"`);
  });

  it("writes numbers as Python writes ints and floats", () => {
    expect(written(() => putNumber(1152921504606846976))).toBe("1152921504606846976");
    expect(written(() => putNumber(1e22))).toBe("10000000000000000000000");
    expect(written(() => putNumber(0.1))).toBe("0.1");
    expect(written(() => putNumber(1e-5))).toBe("1e-05");
    expect(written(() => putNumber(1.2345678901234568e20 + 0.5))).toBe("123456789012345683968");
    expect(written(() => putNumber(1.5e16))).toBe("15000000000000000");
    expect(written(() => putNumber(2.5e-7))).toBe("2.5e-07");
  });

  it("grows its buffer past its first size and keeps what was written", () => {
    const long = "x".repeat(70_000);
    const text = written(() => {
      putAscii("[");
      putString(long);
      putAscii("]");
    });
    expect(text).toBe(`["${long}"]`);
  });
});
