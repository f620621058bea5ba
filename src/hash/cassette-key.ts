/**
 * The cassette key: the SHA-256 of a request body's JCS (RFC 8785) text,
 * which names a cassette entry's file, and the entry digest over request and
 * response together, which tells an edited or truncated entry from a good
 * one (llm/cassette-entry.ts).
 */
import canonicalize from "canonicalize";
import type { JsonValue } from "../json/types.js";
import { sha256Hex } from "./sha256.js";

/**
 * RFC 8785 refuses a lone surrogate (`"\ud800"`, which a model may well
 * send), and canonicalize throws on one; a reply holding one would error its
 * scenario when stored or asked for again. Such a value is canonicalized the
 * same way with each string written by JSON.stringify, which spells a lone
 * surrogate as its `\uXXXX` escape: every other value keeps its RFC 8785
 * text byte for byte, so existing cassettes keep their keys.
 */
function jcsWithLoneSurrogates(v: unknown): string {
  if (typeof v === "bigint") return v.toString();
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : jcsWithLoneSurrogates(x))).join(",")}]`;
  const o = v as Record<string, unknown>;
  // Default sort: UTF-16 code units, as RFC 8785 orders keys.
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${jcsWithLoneSurrogates(o[k])}`).join(",")}}`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function hasLoneSurrogate(v: unknown): boolean {
  if (typeof v === "string") return LONE_SURROGATE.test(v);
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some(hasLoneSurrogate);
  return Object.entries(v).some(([k, x]) => LONE_SURROGATE.test(k) || hasLoneSurrogate(x));
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
  if (hasLoneSurrogate(value) || hasBigInt(value)) return jcsWithLoneSurrogates(value);
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
