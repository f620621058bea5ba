import { isFloatAt } from "./py-float.js";
import { keyOrderOf, pyKeys } from "./py-key-order.js";
import type { JsonValue } from "./types.js";

/** A number as `toJsonText` writes it: non-finite ones as Python writes them. */
export function numberText(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (!Number.isFinite(v)) return v > 0 ? "Infinity" : "-Infinity";
  return JSON.stringify(v);
}

/**
 * JSON text for output files and stdout. Like `JSON.stringify`, but bigints
 * keep their digits and non-finite numbers are written as Python writes them
 * (`NaN`, `Infinity`), so nothing is silently turned into `null`; objects
 * list their keys in Python's order where it was recorded (py-key-order.ts),
 * so a DB record or tool result reads as the reference writes it.
 */
export function toJsonText(value: JsonValue, indent = 0): string {
  // Native JSON.stringify writes the same text, much faster, when nothing needs Python's spelling.
  return value === undefined || needsWalk(value) ? walkedJsonText(value, indent) : JSON.stringify(value, null, indent > 0 ? indent : undefined);
}

/**
 * Whether `v` holds a bigint or a non-finite number (which JSON.stringify
 * would refuse or turn into null), or an object with a recorded Python key
 * order (which JSON.stringify would not follow).
 */
function needsWalk(v: JsonValue | undefined): boolean {
  switch (typeof v) {
    case "number":
      return !Number.isFinite(v);
    case "bigint":
      return true;
    case "object":
      if (v === null) return false;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (needsWalk(v[i])) return true;
        return false;
      }
      if (keyOrderOf(v)) return true;
      for (const k in v) if (Object.hasOwn(v, k) && needsWalk(v[k])) return true;
      return false;
    default:
      return false;
  }
}

/**
 * `toJsonText` by its own walk: the spelling for values native JSON.stringify
 * cannot write. `spellNumber`, when given, spells each number instead of
 * `numberText`, told whether its container marks it a Python float
 * (`pySpelledJsonText` uses it; `float` says the same of the value itself).
 */
export function walkedJsonText(value: JsonValue, indent = 0, spellNumber?: (v: number, float: boolean) => string, float = false): string {
  const pad = indent > 0 ? " ".repeat(indent) : "";
  const floatAt = (c: object, k: string | number): boolean => spellNumber !== undefined && isFloatAt(c, k);
  const walk = (v: JsonValue | undefined, depth: number, isFloat: boolean): string => {
    if (v === null || v === undefined) return "null";
    switch (typeof v) {
      case "number":
        return spellNumber ? spellNumber(v, isFloat) : numberText(v);
      case "bigint":
        return v.toString();
      case "string":
      case "boolean":
        return JSON.stringify(v);
      default:
        break;
    }
    const inner = pad ? "\n" + pad.repeat(depth + 1) : "";
    const close = pad ? "\n" + pad.repeat(depth) : "";
    const sep = pad ? ": " : ":";
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      return `[${inner}${v.map((x, i) => walk(x, depth + 1, floatAt(v, i))).join("," + inner)}${close}]`;
    }
    const keys = pyKeys(v).filter((k) => v[k] !== undefined);
    if (keys.length === 0) return "{}";
    return `{${inner}${keys.map((k) => JSON.stringify(k) + sep + walk(v[k], depth + 1, floatAt(v, k))).join("," + inner)}${close}}`;
  };
  return walk(value, 0, float);
}
