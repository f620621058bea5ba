/**
 * Where a call's arguments depart from the gold call's, in the terms of the
 * scoring's action match (scoring/action-match.ts): the gold arguments are the
 * reference, so a key the gold call gives must be there with a matching value,
 * while keys the gold call does not give are allowed. The first departure, in
 * the gold call's key order, is the one a diagnosis names.
 */
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { matchItem } from "../scoring/action-match.js";

/** One argument path (`flights[0].date`) and its two values; a side that lacks the path has no value. */
export interface ArgumentDifference {
  readonly path: string;
  readonly expected?: JsonValue;
  readonly got?: JsonValue;
}

const join = (path: string, key: string | number): string => (typeof key === "number" ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`);

/** The first place `got` fails to match `expected`, or undefined when the scoring's comparison accepts it. */
export function firstArgumentDifference(expected: JsonValue, got: JsonValue, path = ""): ArgumentDifference | undefined {
  if (matchItem(expected, got, {})) return undefined;
  const here = (): ArgumentDifference => ({ path: path === "" ? "(arguments)" : path, expected, got });
  if (isJsonObject(expected)) {
    if (!isJsonObject(got)) return here();
    for (const key of Object.keys(expected)) {
      const e = expected[key] as JsonValue;
      if (!Object.hasOwn(got, key)) return { path: join(path, key), expected: e };
      const d = firstArgumentDifference(e, got[key] as JsonValue, join(path, key));
      if (d) return d;
    }
    return here();
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(got)) return here();
    // The comparison pairs list items in any order: name the first gold item nothing matches, beside the item at its index.
    const used = new Set<number>();
    for (const [i, e] of expected.entries()) {
      const j = got.findIndex((g, k) => !used.has(k) && matchItem(e, g, {}));
      if (j >= 0) {
        used.add(j);
        continue;
      }
      if (i >= got.length) return { path: join(path, i), expected: e };
      return firstArgumentDifference(e, got[i] as JsonValue, join(path, i)) ?? { path: join(path, i), expected: e, got: got[i] as JsonValue };
    }
    return here();
  }
  return here();
}

/** How many of the gold call's leaf arguments `got` misses: the nearer of two gold calls is the one it misses less of. */
export function argumentDistance(expected: JsonValue, got: JsonValue): number {
  if (matchItem(expected, got, {})) return 0;
  if (isJsonObject(expected)) {
    if (!isJsonObject(got)) return Math.max(1, Object.keys(expected).length);
    let n = 0;
    for (const key of Object.keys(expected)) n += Object.hasOwn(got, key) ? argumentDistance(expected[key] as JsonValue, got[key] as JsonValue) : 1;
    return n;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(got)) return Math.max(1, expected.length);
    return expected.reduce<number>((n, e, i) => n + (got.some((g) => matchItem(e, g, {})) ? 0 : i < got.length ? argumentDistance(e, got[i] as JsonValue) : 1), 0);
  }
  return 1;
}
