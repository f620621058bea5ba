import { describe, expect, it } from "vitest";
import { shapeOfObject } from "../../../src/hash/db/shapes.js";

describe("key shapes", () => {
  it("orders keys by code point, as Python's sorted() does", () => {
    // python3: sorted(["b", "a", "😀", "\uffff"]) == ['a', 'b', '\uffff', '😀']
    const shape = shapeOfObject({ b: 1, a: 2, "😀": 3, "\uffff": 4 }, false);
    expect(shape.keys).toEqual(["a", "b", "\uffff", "😀"]);
    expect(shape.texts).toEqual(['"a":', ',"b":', String.raw`,"\uffff":`, String.raw`,"\ud83d\ude00":`]);
  });

  it("leaves out the top-level session key, and only at the top", () => {
    expect(shapeOfObject({ session: {}, users: {} }, true).keys).toEqual(["users"]);
    expect(shapeOfObject({ session: {}, users: {} }, false).keys).toEqual(["session", "users"]);
    expect(shapeOfObject({ session: 1 }, true).keys).toEqual([]);
  });

  it("marks the lists whose order the hash ignores", () => {
    const shape = shapeOfObject({ bookings: [], name: "x", notifications: [] }, false);
    expect(shape.orderFree).toEqual([true, false, true]);
  });

  it("tells apart two objects whose first key is the same", () => {
    expect(shapeOfObject({ id: 1, z: 2 }, false).keys).toEqual(["id", "z"]);
    expect(shapeOfObject({ id: 1, b: 2, a: 3 }, false).keys).toEqual(["a", "b", "id"]);
  });
});
