import { describe, expect, it } from "vitest";
import { isContainer, put, shallowCopy } from "../../src/engine/workspace-values.js";
import { isFloatAt, markFloat } from "../../src/json/py-float.js";
import type { JsonObject } from "../../src/json/types.js";

describe("workspace values", () => {
  it("stores \"__proto__\" as an ordinary own key, as JSON data has it, without touching the prototype", () => {
    const obj: JsonObject = {};
    put(obj, "__proto__", { polluted: true });
    expect(Object.keys(obj)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    put(obj, "a", 1);
    expect(obj["a"]).toBe(1);
  });

  it("copies a container one level deep, keeping its float marks and a \"__proto__\" key", () => {
    const inner = { x: 1 };
    const src: JsonObject = { price: 2, inner };
    markFloat(src, "price");
    put(src, "__proto__", 3);
    const copy = shallowCopy(src) as JsonObject;
    expect(copy).not.toBe(src);
    expect(copy["inner"]).toBe(inner);
    expect(Object.keys(copy)).toEqual(["price", "inner", "__proto__"]);
    expect(isFloatAt(copy, "price")).toBe(true);
    const list = [1, 2];
    markFloat(list, 0);
    const listCopy = shallowCopy(list);
    expect(listCopy).toEqual([1, 2]);
    expect(isFloatAt(listCopy, 0)).toBe(true);
  });

  it("tells containers (objects, arrays) from scalars and null", () => {
    expect([{}, [], null, 0, "s", true].map(isContainer)).toEqual([true, true, false, false, false, false]);
  });
});
