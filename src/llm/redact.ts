/**
 * Text that came from an endpoint (error bodies, header values, network
 * error messages) is shown to people and stored in run folders, so before it
 * goes anywhere it is redacted and truncated here. An endpoint that echoes
 * the request's `Authorization` header, or a proxy that prints its own
 * tokens, must not put a key into `metrics.json` or the console.
 */

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

/** Replace every occurrence of the secrets and of token-like strings with `[REDACTED]`. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short values would redact ordinary words; a real key is longer than this.
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  for (const [pattern, replacement] of TOKEN_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Endpoint text fit for a message: whitespace folded, secrets redacted, at most `max` characters. */
export function endpointSnippet(text: string, secrets: readonly string[] = [], max = MAX_ENDPOINT_TEXT): string {
  // Truncate generously first so a huge body is not scanned whole, then redact, then cut to size.
  const flat = text.slice(0, max * 4).replace(/\s+/g, " ").trim();
  const clean = redactSecrets(flat, secrets);
  return clean.length > max || text.length > max * 4 ? `${clean.slice(0, max - 3)}...` : clean;
}
