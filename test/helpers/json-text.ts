import type { JsonValue } from "../../src/json/types.js";

/**
 * Non-canonical JSON text that Python's json.loads reads back as the same
 * value: NaN/Infinity tokens, bigint digits, and floats in JS's shortest form
 * (json.loads parses them to the same double). Key order is kept as given.
 */
export function toLooseJsonText(v: JsonValue): string {
  if (v === null) return "null";
  switch (typeof v) {
    case "number":
      if (Number.isNaN(v)) return "NaN";
      if (!Number.isFinite(v)) return v > 0 ? "Infinity" : "-Infinity";
      // A float literal (with exponent or dot) so Python reads a float, as a fixture would.
      return Number.isInteger(v) && Math.abs(v) < 2 ** 53 && !Object.is(v, -0) ? String(v) : v.toExponential();
    case "bigint":
      return v.toString();
    case "string":
    case "boolean":
      return JSON.stringify(v);
    default:
      break;
  }
  if (Array.isArray(v)) return `[${v.map(toLooseJsonText).join(",")}]`;
  const parts = Object.keys(v).map((k) => `${JSON.stringify(k)}:${toLooseJsonText(v[k] as JsonValue)}`);
  return `{${parts.join(",")}}`;
}
