/**
 * Text that came from an endpoint (error bodies, header values, network
 * error messages) is shown to people and stored in run folders, so before it
 * goes anywhere it is redacted and truncated here. An endpoint that echoes
 * the request's `Authorization` header, or a proxy that prints its own
 * tokens, must not put a key into `metrics.json` or the console.
 */

import { escapeControls } from "../json/control-chars.js";
import { replaceEncodedSecrets } from "./encoded-secrets.js";

export const REDACTED = "[REDACTED]";

/** Longest endpoint text kept in a message. */
export const MAX_ENDPOINT_TEXT = 300;

// Credentials that look like credentials, whoever they belong to, with what replaces them.
const TOKEN_PATTERNS: readonly (readonly [RegExp, string])[] = [
  // `Bearer <token>` / `Basic <token>` (an echoed Authorization header).
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // `api_key=...`, `"x-api-key": "..."` and friends.
  [/((?:api[_-]?key|access[_-]?token|authorization)["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b)[^\s"',}&]+/gi, `$1${REDACTED}`],
  // OpenAI-style secret keys (`sk-...`, `sk-proj-...`), NIM's `nvapi-...`, Hugging Face's `hf_...`.
  [/\b(?:sk|nvapi|rk)-[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\bhf_[A-Za-z0-9]{16,}/g, REDACTED],
];

/**
 * Replace every occurrence of the secrets (also JSON-escaped or
 * percent-encoded, see encoded-secrets.ts) and of token-like strings with
 * `[REDACTED]`. Secrets shorter than 4 characters are left alone: they would
 * redact ordinary words, and a real key is longer.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = replaceEncodedSecrets(text, secrets, REDACTED);
  for (const [pattern, replacement] of TOKEN_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Endpoint text fit for a message: whitespace folded, secrets redacted, at most `max` characters. */
export function endpointSnippet(text: string, secrets: readonly string[] = [], max = MAX_ENDPOINT_TEXT): string {
  // Redact the whole text first (it is at most max_reply_bytes): a cut made before would leave the part
  // of a key in front of it unrecognizable, and folding whitespace can bring that part into the snippet.
  const clean = redactSecrets(text, secrets);
  // Control characters (terminal escapes) are shown, not obeyed, wherever the snippet ends up.
  const flat = escapeControls(clean.slice(0, max * 4).replace(/\s+/g, " ").trim());
  return flat.length > max || clean.length > max * 4 ? `${flat.slice(0, max - 3)}...` : flat;
}

// Query parameters whose values are credentials (`?api_key=`, `&token=`, `sig=`...).
const SECRET_PARAM = /^(?:[\w-]*(?:key|token|secret|passw(?:or)?d|signature|sig|auth\w*|credential\w*|session\w*))$/i;

/** The values of a URL's credential-named query parameters, decoded (an endpoint may echo them). */
export function urlSecrets(url: string): string[] {
  const q = url.indexOf("?");
  if (q < 0) return [];
  const out: string[] = [];
  for (const [name, value] of new URLSearchParams(url.slice(q + 1).split("#")[0])) if (SECRET_PARAM.test(name) && value !== "") out.push(value);
  return out;
}

/** `${NAME}` as written, or percent-encoded by a URL parser. */
const PLACEHOLDER = /^(?:\$|%24)(?:\{|%7B)[A-Za-z_][A-Za-z0-9_]*(?:\}|%7D)$/i;

/**
 * A URL as it may be stored or shown: the values of query parameters named
 * like credentials replaced with `[REDACTED]`, the rest as written (a URL
 * with no such parameter comes back unchanged, byte for byte).
 */
export function shownUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const hash = url.indexOf("#", q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const shown = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed escape: judge the name as written.
      }
      // A value that is a key's placeholder (`${NAME}`, key-fields.ts) holds no credential: it is kept, so a resume can fill it in.
      const value = pair.slice(eq + 1);
      return SECRET_PARAM.test(name) && !PLACEHOLDER.test(value) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, q + 1)}${shown}${hash < 0 ? "" : url.slice(hash)}`;
}
