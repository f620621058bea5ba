/**
 * A JSON value as evalsim holds it. `bigint` appears only for integer
 * literals beyond 2^53 read from fixtures, so they survive a round trip and
 * hash exactly as Python's arbitrary-precision ints do.
 */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | JsonObject;
/** A JSON object as evalsim holds it (its values are `JsonValue`s). */
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
