/**
 * Keys that name JavaScript's object machinery. A user file whose mapping
 * holds one (`{"options": {"__proto__": {...}}}`) would, once copied into an
 * options object, replace its prototype or shadow its constructor instead of
 * adding an entry; such keys are refused by name wherever user JSON or YAML
 * becomes options.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The path (`options.__proto__`) of the first reserved key in `value`, depth first; undefined when none. */
export function findReservedKey(value: unknown, path = ""): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findReservedKey(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const here = path === "" ? key : `${path}.${key}`;
    if (RESERVED_KEYS.has(key)) return here;
    const found = findReservedKey((value as Record<string, unknown>)[key], here);
    if (found !== undefined) return found;
  }
  return undefined;
}
