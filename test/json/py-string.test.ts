import { describe, expect, it } from "vitest";
import { compareCodePoints, pyJsonString, pyJsonStringUnicode, pySortKeys } from "../../src/json/py-string.js";

// Expected texts: python3 json.dumps(s) (ensure_ascii on) and json.dumps(s, ensure_ascii=False);
// orders: python3 sorted(...).
describe("Python's JSON strings", () => {
  it("escapes as json.dumps does with ensure_ascii", () => {
    expect(pyJsonString("plain")).toBe('"plain"');
    expect(pyJsonString('q"\\\n\r\t\b\f')).toBe(String.raw`"q\"\\\n\r\t\b\f"`);
    expect(pyJsonString("\x00\x1f\x7fé")).toBe(String.raw`"\u0000\u001f\u007f\u00e9"`);
    expect(pyJsonString("😀")).toBe(String.raw`"\ud83d\ude00"`);
    expect(pyJsonString("\ud800")).toBe(String.raw`"\ud800"`);
  });

  it("keeps non-ASCII and DEL without ensure_ascii", () => {
    expect(pyJsonStringUnicode("é😀\x7f")).toBe('"é😀\x7f"');
    expect(pyJsonStringUnicode('"\x01')).toBe(String.raw`"\"\u0001"`);
  });

  it("orders by code point, astral characters after U+FFFF", () => {
    // python3: sorted(["😀", "\uffff", "a", "ab", "\ue000"]) == ['a', 'ab', '\ue000', '\uffff', '😀']
    expect(pySortKeys(["😀", "\uffff", "a", "ab", "\ue000"])).toEqual(["a", "ab", "\ue000", "\uffff", "😀"]);
    expect(Math.sign(compareCodePoints("\ud800", "\ue000"))).toBe(-1);
    expect(compareCodePoints("x", "x")).toBe(0);
  });
});
