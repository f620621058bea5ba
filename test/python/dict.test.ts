import { describe, expect, it } from "vitest";
import { isFloatAt, withFloats } from "../../src/json/py-float.js";
import type { JsonObject } from "../../src/json/types.js";
import { cloneJson, get, getObject, getObjects, MissingKeyError, tableOf } from "../../src/python/dict.js";

describe("Python dict helpers", () => {
  it("d.get returns a key holding None as None, and the fallback only for a missing key", () => {
    const d: JsonObject = { a: null, b: 0 };
    expect(get(d, "a", "x")).toBeNull();
    expect(get(d, "b", 5)).toBe(0);
    expect(get(d, "c", 5)).toBe(5);
    expect(get(d, "c")).toBeUndefined();
    // An inherited name is no key of a dict.
    expect(get(d, "toString", "x")).toBe("x");
  });

  it("reads dicts and lists of dicts, skipping what is not one", () => {
    const d: JsonObject = { t: { x: 1 }, l: [{ a: 1 }, 2, null, { b: 2 }], s: "str" };
    expect(getObject(d, "t")).toEqual({ x: 1 });
    expect(getObject(d, "s")).toBeUndefined();
    expect(getObjects(d, "l")).toEqual([{ a: 1 }, { b: 2 }]);
    expect(getObjects(d, "missing")).toEqual([]);
  });

  it("setdefault creates a table once", () => {
    const d: JsonObject = {};
    const t = tableOf(d, "t");
    t["k"] = 1;
    expect(tableOf(d, "t")).toEqual({ k: 1 });
  });

  it("deep-copies, keeping which numbers are floats", () => {
    const src: JsonObject = { n: withFloats({ price: 25 }, "price"), l: [1, { a: "b" }] };
    const copy = cloneJson(src);
    expect(copy).toEqual(src);
    expect(copy["n"]).not.toBe(src["n"]);
    expect(isFloatAt(copy["n"] as JsonObject, "price")).toBe(true);
  });

  it("a KeyError's str() is the key's repr", () => {
    // python3: str(KeyError("k'")) == "\"k'\""
    const e = new MissingKeyError("k'");
    expect(e.message).toBe(`"k'"`);
    expect(e.name).toBe("KeyError");
  });
});
