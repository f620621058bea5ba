/**
 * One cassette entry on disk: the request body, the response body, the
 * request's key and a digest of both. The digest is what makes an edited
 * entry (a changed tool call in a recorded reply) or a truncated one an
 * error instead of a silently different run.
 *
 *   { "key": "<sha256 of the request's JCS>",
 *     "digest": "sha256:<sha256 of the JCS of {request, response}>",
 *     "request": {...}, "response": {...} }
 */
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { parsePythonJson } from "../json/parse.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * RFC 8785 refuses a lone surrogate (`"\ud800"`, which a model may well
 * send), and canonicalize throws on one; a reply holding one would error its
 * scenario when stored or asked for again. Such a value is canonicalized the
 * same way with each string written by JSON.stringify, which spells a lone
 * surrogate as its `\uXXXX` escape: every other value keeps its RFC 8785
 * text byte for byte, so existing cassettes keep their keys.
 */
function jcsWithLoneSurrogates(v: unknown): string {
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

function jcs(value: JsonValue): string {
  if (hasLoneSurrogate(value)) return jcsWithLoneSurrogates(value);
  const text = canonicalize(value);
  if (text === undefined) throw new Error("cassette: the value has no JSON form");
  return text;
}

/** SHA-256 hex of the JCS (RFC 8785) text of a request body. */
export function cassetteKey(body: JsonValue): string {
  return sha256(jcs(body));
}

export function entryDigest(request: JsonValue, response: JsonValue): string {
  return `sha256:${sha256(jcs({ request, response }))}`;
}

/** The file text of an entry. */
export function entryText(request: JsonValue, response: JsonValue): string {
  return toJsonText({ key: cassetteKey(request), digest: entryDigest(request, response), request, response }, 2) + "\n";
}

export type EntryCheck = { ok: true; request: JsonValue; response: JsonValue } | { ok: false; problem: string };

/**
 * Check an entry's text against the key its file name says it holds. Every
 * way an entry can be wrong gets its own words, so a person can tell an
 * interrupted write from an edit.
 */
export function checkEntry(text: string, expectedKey: string): EntryCheck {
  let entry: JsonValue;
  try {
    entry = parsePythonJson(text);
  } catch (e) {
    return { ok: false, problem: `not valid JSON (truncated or damaged): ${(e as Error).message}` };
  }
  if (!isJsonObject(entry)) return { ok: false, problem: "not a cassette entry (expected a JSON object)" };
  const { key, digest, request, response } = entry;
  if (request === undefined || response === undefined) return { ok: false, problem: `not a cassette entry (no "${request === undefined ? "request" : "response"}")` };
  if (typeof digest !== "string") return { ok: false, problem: `has no "digest" (re-record it: --cassette-mode auto re-fetches it)` };
  if (key !== expectedKey) return { ok: false, problem: `its "key" ${String(key)} is not the key its file name says (${expectedKey})` };
  if (cassetteKey(request) !== expectedKey) return { ok: false, problem: "its request was edited (it no longer hashes to its key)" };
  if (digest !== entryDigest(request, response)) return { ok: false, problem: "its digest does not match its request and response (the entry was edited)" };
  return { ok: true, request, response };
}
