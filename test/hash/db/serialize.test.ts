import { describe, expect, it } from "vitest";
import { captureLayouts, spaced, writeCanonical } from "../../../src/hash/db/serialize.js";
import { out, textOf } from "../../../src/hash/db/writer.js";
import { deepFreeze } from "../../../src/json/freeze.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";

const canonical = (v: JsonValue): string => {
  writeCanonical(v);
  return textOf(0, out.pos);
};

// Expected texts from python3: json.dumps(normalize(x), sort_keys=True, separators=(",", ":"))
// with get_dict_hash's normalization (None-like strings to null, order-free lists sorted).
describe("canonical serialization", () => {
  it("sorts keys, normalizes None-like strings and drops the top-level session", () => {
    expect(canonical({ b: " None ", a: [1, "null", "Nonesuch"], session: { x: 1 } })).toBe('{"a":[1,null,"Nonesuch"],"b":null}');
  });

  it("sorts an order-free list by its elements' default-separator dumps", () => {
    // python3: sorted(l, key=lambda x: json.dumps(x, sort_keys=True)) == ['c', {'z': 1, 'id': 'a'}, {'id': 'b'}]
    const db = { bookings: [{ id: "b" }, { z: 1, id: "a" }, "c"], other: [{ id: "b" }, { id: "a" }] };
    expect(canonical(db)).toBe('{"bookings":["c",{"id":"a","z":1},{"id":"b"}],"other":[{"id":"b"},{"id":"a"}]}');
  });

  it("writes the default-separator form used as a sort key", () => {
    // python3: json.dumps({"b": [1, {"y": 1, "x": None}], "a": "x"}, sort_keys=True)
    expect(spaced({ b: [1, { y: 1, x: null }], a: "x" }, false)).toBe('{"a": "x", "b": [1, {"x": null, "y": 1}]}');
  });

  it("records where each entry of a wide frozen object sits in the bytes", () => {
    const table: JsonObject = {};
    for (let i = 0; i < 40; i++) table[`k${String(i).padStart(2, "0")}`] = { text: "x".repeat(40) };
    const root = deepFreeze({ table }) as JsonObject;
    const { layouts, deepFrozen } = captureLayouts(root);
    expect(deepFrozen).toBe(true);
    const layout = layouts.get(root["table"] as object);
    expect(layout?.keys[0]).toBe("k00");
    const first = textOf(layout?.valueStart[0] as number, layout?.valueEnd[0] as number);
    expect(first).toBe(`{"text":"${"x".repeat(40)}"}`);
    expect(captureLayouts({ table: { a: 1 } }).deepFrozen).toBe(false);
  });
});
