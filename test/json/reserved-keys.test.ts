import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import { findReservedKey } from "../../src/json/reserved-keys.js";

describe("findReservedKey", () => {
  it("names the path of the first key that names object machinery", () => {
    // JSON.parse-style input keeps "__proto__" as an own key, as a user file would.
    expect(findReservedKey(parsePythonJson('{"options": {"__proto__": {"x": 1}}}'))).toBe("options.__proto__");
    expect(findReservedKey({ a: [{ ok: 1 }, { constructor: 2 }] })).toBe("a[1].constructor");
    expect(findReservedKey({ prototype: 1 })).toBe("prototype");
  });

  it("finds nothing in ordinary data", () => {
    expect(findReservedKey({ a: [1, { b: "__proto__" }] })).toBeUndefined();
    expect(findReservedKey("text")).toBeUndefined();
  });
});
