import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../src/json/freeze.js";

describe("deepFreeze", () => {
  it("freezes every container of a tree in place", () => {
    const tree = { a: [{ b: 1 }], c: { d: [2] } };
    expect(deepFreeze(tree)).toBe(tree);
    expect([tree, tree.a, tree.a[0], tree.c, tree.c.d].every(Object.isFrozen)).toBe(true);
    expect(deepFreeze(3)).toBe(3);
  });
});
