/** Python's `float(x)` on a JSON value, as a value: undefined where Python raises. */
import type { JsonValue } from "../json/types.js";
import { PyError } from "./error.js";
import { pyFloat } from "./number.js";

export function pythonFloat(v: JsonValue): number | undefined {
  if (v === null || typeof v === "object") return undefined;
  try {
    return pyFloat(v);
  } catch (e) {
    if (e instanceof PyError) return undefined;
    throw e;
  }
}
