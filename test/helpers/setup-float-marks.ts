/**
 * `toEqual` and `toStrictEqual` compare JSON values, not the marks a
 * container carries under symbol keys (float marks and Python key order, see
 * src/json/marks.ts): two objects with the same entries are equal whether or
 * not a parsed `25.0` marks one of them. Tests of the marks themselves
 * compare texts (`json.dumps`, `repr`), where the marks show.
 */
import { expect } from "vitest";
import { hasMarks } from "../../src/json/marks.js";

function unmarked(v: unknown): unknown {
  if (v === null || typeof v !== "object" || !hasMarks(v)) return v;
  if (Array.isArray(v)) return [...(v as unknown[])];
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: (v as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
  return out;
}

type Tester = Parameters<typeof expect.addEqualityTesters>[0][number];

expect.addEqualityTesters([
  function ignoreFloatMarks(this: ThisParameterType<Tester>, a: unknown, b: unknown, testers: Parameters<Tester>[2]) {
    const [ua, ub] = [unmarked(a), unmarked(b)];
    // Object.is: NaN is a value like any other here, or this tester would recurse on it forever.
    if (Object.is(ua, a) && Object.is(ub, b)) return undefined;
    return this.equals(ua, ub, testers);
  },
]);
