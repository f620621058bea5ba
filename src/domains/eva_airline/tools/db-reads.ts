/** Reads of eva's DB that lean on what its fixtures hold. */
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { MissingKeyError } from "../../../python/dict.js";

/** A number the reference reads with `.get(key, 0)` and computes with (fares, seat counts); the fixtures always hold numbers there. */
export function num(v: JsonValue | undefined, fallback = 0): number {
  return typeof v === "number" ? v : fallback;
}

/** `db["_current_date"]`, which the reference indexes directly (a KeyError when the fixture lacks it). */
export function currentDate(db: JsonObject): string {
  if (!Object.prototype.hasOwnProperty.call(db, "_current_date")) throw new MissingKeyError("_current_date");
  return db["_current_date"] as string;
}
