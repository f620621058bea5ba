import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "../../src/python/json-dumps.js";

// Expected strings printed by python3 `json.dumps(value)` / `json.dumps(value, indent=2)`.
describe("pyJsonDumps", () => {
  it("matches json.dumps with default separators and ensure_ascii", () => {
    expect(pyJsonDumps({ status: "error", error_type: "invalid_arguments", message: "café \u{1F600}" })).toBe(
      '{"status": "error", "error_type": "invalid_arguments", "message": "caf\\u00e9 \\ud83d\\ude00"}',
    );
    expect(pyJsonDumps([1, 2.5, null, true, { a: [] }, {}])).toBe('[1, 2.5, null, true, {"a": []}, {}]');
    expect(pyJsonDumps("plain")).toBe('"plain"');
    expect(pyJsonDumps(1e-5)).toBe("1e-05");
    expect(pyJsonDumps(0.1)).toBe("0.1");
  });

  it("matches json.dumps(indent=2)", () => {
    expect(pyJsonDumps({ actions: [{ a: 1, b: [1, { c: "é" }], d: {} }] }, 2)).toBe(
      '{\n  "actions": [\n    {\n      "a": 1,\n      "b": [\n        1,\n        {\n          "c": "\\u00e9"\n        }\n      ],\n      "d": {}\n    }\n  ]\n}',
    );
  });

  it("matches json.dumps(ensure_ascii=False): only quotes, backslashes and control characters are escaped", () => {
    // python3: json.dumps({"s": "é\u2074 📶 \x7f \x00\x1f \"q\" \\ \n\t\b\f\r", "ké": [1.5, "x"]}, ensure_ascii=False)
    const value = { s: 'é\u2074 \u{1F4F6} \x7f \x00\x1f "q" \\ \n\t\b\f\r', ké: [1.5, "x"] };
    expect(pyJsonDumps(value, undefined, false)).toBe('{"s": "é\u2074 \u{1F4F6} \x7f \\u0000\\u001f \\"q\\" \\\\ \\n\\t\\b\\f\\r", "ké": [1.5, "x"]}');
    // A lone surrogate stays one (python3: json.dumps("\ud800a", ensure_ascii=False) == '"\ud800a"').
    expect(pyJsonDumps("\ud800a", undefined, false)).toBe('"\ud800a"');
  });
});
