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
import { cassetteEntryDigest, cassetteKey } from "../hash/cassette-key.js";
import { parsePythonJson } from "../json/parse.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

/** The file text of an entry. */
export function entryText(request: JsonValue, response: JsonValue): string {
  return toJsonText({ key: cassetteKey(request), digest: cassetteEntryDigest(request, response), request, response }, 2) + "\n";
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
  if (digest !== cassetteEntryDigest(request, response)) return { ok: false, problem: "its digest does not match its request and response (the entry was edited)" };
  return { ok: true, request, response };
}
