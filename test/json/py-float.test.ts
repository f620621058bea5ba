/**
 * Float marks: every version stays what it was (a persistent map), and a
 * run of adds costs linear time, where each add once copied the whole map.
 */
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import { FloatMarks } from "../../src/json/py-float.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { dbHash } from "../../src/hash/db/index.js";

/** A seeded xorshift: the same operations every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

describe("FloatMarks", () => {
  it("keeps every version intact under random adds and removals on random versions", () => {
    const random = rng(28);
    const versions: { marks: FloatMarks; model: Map<string, number> }[] = [{ marks: FloatMarks.of([["a", 1]]), model: new Map([["a", 1]]) }];
    for (let step = 0; step < 3000; step++) {
      const from = versions[Math.floor(random() * versions.length)]!;
      const key = String(Math.floor(random() * 12));
      const value = Math.floor(random() * 4);
      const model = new Map(from.model);
      let marks: FloatMarks;
      if (random() < 0.3) {
        marks = from.marks.without(key);
        model.delete(key);
      } else {
        marks = from.marks.with(key, value);
        model.set(key, value);
      }
      versions.push({ marks, model });
      // Check a random earlier version and the new one in full.
      for (const v of [versions[Math.floor(random() * versions.length)]!, versions[versions.length - 1]!]) {
        expect(new Map(v.marks.entries())).toEqual(v.model);
        const held = Array.from({ length: 48 }, (_, i) => v.marks.holds(String(i >> 2), i & 3));
        expect(held).toEqual(Array.from({ length: 48 }, (_, i) => v.model.get(String(i >> 2)) === (i & 3)));
      }
    }
  });

  it("a snapshot of entries does not change when another version is read", () => {
    const a = FloatMarks.of([["x", 1]]);
    const b = a.with("y", 2);
    const seen = a.entries();
    expect(b.holds("y", 2)).toBe(true);
    expect([...seen]).toEqual([["x", 1]]);
    expect(a.holds("y", 2)).toBe(false);
  });
});

describe("integral floats at scale", () => {
  const floats = (n: number): string => `[${Array.from({ length: n }, () => "1.0").join(", ")}]`;

  it("parses, dumps and hashes 100,000 integral floats in one array in linear time", { timeout: 30_000 }, () => {
    const time = (n: number): number => {
      const text = floats(n);
      const t0 = performance.now();
      const v = parsePythonJson(text);
      const dumped = pyJsonDumps(v);
      const digest = dbHash({ xs: v });
      expect(dumped.startsWith("[1.0, 1.0")).toBe(true);
      expect(digest).toMatch(/^[0-9a-f]{64}$/);
      return performance.now() - t0;
    };
    time(10_000);
    const small = Math.min(time(10_000), time(10_000));
    const big = time(100_000);
    // Quadratic work makes the ratio about 100 (and 100,000 took minutes); linear about 10.
    expect(big).toBeLessThan(Math.max(40 * small, 2000));
  });
});
