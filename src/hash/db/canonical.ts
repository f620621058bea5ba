/** The canonical text itself, and dumps with Python's default separators. */
import type { JsonValue } from "../../json/types.js";
import { sha256Hex } from "../sha256.js";
import { spaced, writeCanonical } from "./serialize.js";
import { out, textOf } from "./writer.js";

/** The exact text `get_dict_hash` feeds to SHA-256. */
export function canonicalJson(obj: JsonValue): string {
  writeCanonical(obj);
  return textOf(0, out.pos);
}

/** Python's `json.dumps(normalize(x), sort_keys=True, default=str)`, default separators. */
export function pySortKeyDump(x: JsonValue): string {
  return spaced(x, false);
}

/** SHA-256 of the canonical text, serialized whole. */
export function hashFromScratch(obj: JsonValue): string {
  writeCanonical(obj);
  return sha256Hex(out.buf.subarray(0, out.pos));
}
