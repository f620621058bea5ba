/** Where two JSON values differ, path by path, including the order of object keys. */
import { isJsonObject, type JsonValue } from "../../json/types.js";
import type { JsonPath } from "../../loaders/schema-check.js";

export type JsonDifference =
  | { readonly kind: "missing"; readonly path: JsonPath; readonly expected: JsonValue }
  | { readonly kind: "extra"; readonly path: JsonPath; readonly actual: JsonValue }
  | { readonly kind: "value"; readonly path: JsonPath; readonly expected: JsonValue; readonly actual: JsonValue }
  | { readonly kind: "order"; readonly path: JsonPath; readonly expected: readonly string[]; readonly actual: readonly string[] };

function sameScalar(a: JsonValue, b: JsonValue): boolean {
  // bigint only appears for integers beyond 2^53; compare by value across representations.
  if (typeof a === "bigint" || typeof b === "bigint") return (typeof a === "bigint" || typeof a === "number") && String(a) === String(b);
  return Object.is(a, b) || a === b;
}

export function jsonDifferences(expected: JsonValue, actual: JsonValue, path: JsonPath = [], out: JsonDifference[] = []): JsonDifference[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    expected.forEach((e, i) => {
      if (i < actual.length) jsonDifferences(e, actual[i] as JsonValue, [...path, i], out);
      else out.push({ kind: "missing", path: [...path, i], expected: e });
    });
    for (let i = expected.length; i < actual.length; i++) out.push({ kind: "extra", path: [...path, i], actual: actual[i] as JsonValue });
    return out;
  }
  if (isJsonObject(expected) && isJsonObject(actual)) {
    for (const [k, e] of Object.entries(expected)) {
      const a = Object.hasOwn(actual, k) ? actual[k] : undefined;
      if (a === undefined) out.push({ kind: "missing", path: [...path, k], expected: e });
      else jsonDifferences(e, a, [...path, k], out);
    }
    for (const [k, a] of Object.entries(actual)) if (!Object.hasOwn(expected, k)) out.push({ kind: "extra", path: [...path, k], actual: a });
    const shared = Object.keys(actual).filter((k) => Object.hasOwn(expected, k));
    const wanted = Object.keys(expected).filter((k) => Object.hasOwn(actual, k));
    if (shared.join("\u0000") !== wanted.join("\u0000")) out.push({ kind: "order", path, expected: wanted, actual: shared });
    return out;
  }
  if (Array.isArray(expected) || Array.isArray(actual) || isJsonObject(expected) || isJsonObject(actual) || !sameScalar(expected, actual)) {
    out.push({ kind: "value", path, expected, actual });
  }
  return out;
}
