/**
 * The cassette key: the SHA-256 of a request body's JCS (RFC 8785) text,
 * which names a cassette entry's file, and the entry digest over request and
 * response together, which tells an edited or truncated entry from a good
 * one (llm/cassette-entry.ts).
 */
import canonicalize from "canonicalize";
import { numberText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import { sha256Hex } from "./sha256.js";

/**
 * RFC 8785 refuses two things a reply may well hold, and canonicalize throws
 * on them: a lone surrogate (`"\ud800"`, which a model may send) and a
 * non-finite number (`NaN`, `-Infinity`, which Python's `json.dumps` writes,
 * e.g. a `logprob`). A reply holding one would error its scenario when stored
 * or asked for again, though it reads fine without cassettes. Such a value is
 * canonicalized by the same rules with each string written by JSON.stringify
 * (a lone surrogate as its `\uXXXX` escape) and each non-finite number spelled
 * as Python writes it (`NaN`, `Infinity`, `-Infinity`: no finite number or
 * string has that text, so the key stays faithful). Every other value keeps
 * its RFC 8785 text byte for byte, so existing cassettes keep their keys.
 */
function jcsOwnSpelling(v: unknown): string {
  if (typeof v === "number") return numberText(v);
  if (typeof v === "bigint") return v.toString();
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : jcsOwnSpelling(x))).join(",")}]`;
  const o = v as Record<string, unknown>;
  // Default sort: UTF-16 code units, as RFC 8785 orders keys.
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${jcsOwnSpelling(o[k])}`).join(",")}}`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `v` holds something RFC 8785 refuses: a lone surrogate (in a string or key) or a non-finite number. */
function needsOwnSpelling(v: unknown): boolean {
  if (typeof v === "string") return LONE_SURROGATE.test(v);
  if (typeof v === "number") return !Number.isFinite(v);
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some(needsOwnSpelling);
  return Object.entries(v).some(([k, x]) => LONE_SURROGATE.test(k) || needsOwnSpelling(x));
}

/**
 * A big integer (an `extra_body` setting, a reply's field) has no double, so
 * RFC 8785 has no text for it and canonicalize throws on one: it is written
 * as its digits, by the same writer. No earlier key held one.
 */
function hasBigInt(v: unknown): boolean {
  if (typeof v === "bigint") return true;
  if (v === null || typeof v !== "object") return false;
  return (Array.isArray(v) ? v : Object.values(v)).some(hasBigInt);
}

function jcs(value: JsonValue): string {
  if (needsOwnSpelling(value) || hasBigInt(value)) return jcsOwnSpelling(value);
  const text = canonicalize(value);
  if (text === undefined) throw new Error("cassette: the value has no JSON form");
  return text;
}

/** SHA-256 hex of the JCS (RFC 8785) text of a request body. */
export function cassetteKey(body: JsonValue): string {
  return sha256Hex(jcs(body));
}

/** `sha256:<hex>` over the JCS text of `{request, response}`. */
export function cassetteEntryDigest(request: JsonValue, response: JsonValue): string {
  return `sha256:${sha256Hex(jcs({ request, response }))}`;
}
