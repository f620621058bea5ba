/** Expected draws computed by an independent Python implementation of splitmix32-seeded sfc32 and FNV-1a. */
import { describe, expect, it } from "vitest";
import { createRng, hashLabel } from "../../src/engine/rng.js";

describe("the seeded RNG", () => {
  it("draws sfc32's stream for a numeric seed, after 12 discarded draws", () => {
    const rng = createRng(1);
    expect([rng.next(), rng.next(), rng.next()]).toEqual([1828152527 / 2 ** 32, 3394835397 / 2 ** 32, 2967886022 / 2 ** 32]);
    expect(createRng(1).hex(12)).toBe("6cf764cfca59");
    const ints = createRng(1);
    expect([0, 1, 2, 3, 4].map(() => ints.int(10))).toEqual([4, 7, 6, 5, 9]);
  });

  it("seeds from a string through FNV-1a over its UTF-16 units, and forks a stream from the seed and a label", () => {
    expect(hashLabel("ids", 1)).toBe(3104949861);
    expect(createRng("tau2_retail__58").next()).toBe(3801285233 / 2 ** 32);
    const parent = createRng(1);
    const child = parent.fork("ids");
    expect(child.next()).toBe(3083767449 / 2 ** 32);
    // A fork depends on the seed alone, not on what the parent has drawn.
    parent.next();
    expect(parent.fork("ids").next()).toBe(3083767449 / 2 ** 32);
  });

  it("is a pure function of its seed", () => {
    const a = createRng("seed");
    const b = createRng("seed");
    expect(Array.from({ length: 50 }, () => a.next())).toEqual(Array.from({ length: 50 }, () => b.next()));
  });
});
