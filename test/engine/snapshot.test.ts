/**
 * Values that outlive a tool call (src/engine/snapshot.ts): a snapshot of a
 * draft no longer follows the draft, frozen values are shared rather than
 * copied, and a plain copy is mutable and keeps "__proto__" as an own key.
 */
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../src/json/freeze.js";
import type { JsonObject } from "../../src/json/types.js";
import { plainCopy, snapshot } from "../../src/engine/snapshot.js";

describe("snapshot", () => {
  it("of an immer draft is a plain value that later writes to the draft do not reach", () => {
    const base = deepFreeze({ r: { n: 1, tags: ["a"] } }) as JsonObject;
    let taken: JsonObject | undefined;
    const next = produce(base, (draft) => {
      const r = draft["r"] as JsonObject;
      r["n"] = 2;
      taken = snapshot(r);
      r["n"] = 3;
      (r["tags"] as string[]).push("b");
    });
    expect(taken).toEqual({ n: 2, tags: ["a"] });
    expect((next["r"] as JsonObject)["n"]).toBe(3);
  });

  it("shares a frozen value and copies an unfrozen one", () => {
    const frozen = deepFreeze({ a: [1, 2] });
    expect(snapshot(frozen)).toBe(frozen);
    const loose = { a: [1, 2] };
    const copy = snapshot(loose);
    expect(copy).toEqual(loose);
    expect(copy).not.toBe(loose);
    expect(copy.a).not.toBe(loose.a);
  });
});

describe("plainCopy", () => {
  it("is mutable and unshared even for a frozen value", () => {
    const frozen = deepFreeze({ a: { b: 1 } });
    const copy = plainCopy(frozen);
    expect(Object.isFrozen(copy)).toBe(false);
    copy.a.b = 2;
    expect(frozen.a.b).toBe(1);
  });

  it('keeps "__proto__" as an ordinary own key, as parsed JSON has it', () => {
    const parsed = JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as JsonObject;
    const copy = plainCopy(parsed);
    expect(Object.keys(copy)).toEqual(["__proto__", "y"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toEqual({ x: 1 });
  });
});
