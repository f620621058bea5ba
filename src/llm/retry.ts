/**
 * How long to wait before the next attempt. A 429 or 503 that says how long
 * to wait (`retry-after-ms`, or `Retry-After` in seconds or as an HTTP date)
 * is obeyed, never shortened; otherwise the wait grows exponentially with
 * jitter, drawn from the seeded RNG the caller passes (so a run never reads
 * `Math.random`, and the jitter keeps many conversations from retrying in
 * lock step).
 *
 * An HTTP-date `Retry-After` is measured against the response's own `Date`
 * header (the server's clock), so no wall clock is read here; without one it
 * falls back to the computed backoff.
 */

export interface HeaderSource {
  get(name: string): string | null;
}

/** The server-requested wait in milliseconds, if the response names one. */
export function retryAfterMs(headers: HeaderSource | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Number(ms);
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1000;
  // Only an HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT") is a date: Date.parse also reads "-5" (the year -5),
  // which made a negative Retry-After a wait of 0 s instead of no usable answer (the computed backoff).
  if (!/[A-Za-z]{3}.*\d{1,2}:\d{2}:\d{2} GMT\s*$/.test(value)) return undefined;
  const at = Date.parse(value);
  const now = Date.parse(headers.get("date") ?? "");
  if (Number.isNaN(at) || Number.isNaN(now)) return undefined;
  return Math.max(0, at - now);
}

export interface BackoffSettings {
  readonly backoffSeconds: number;
  readonly maxBackoffSeconds: number;
}

/**
 * The computed wait after failed attempt `n` (1-based): base · 2^(n-1),
 * capped, then "equal jitter" (half fixed, half drawn), so it is never less
 * than half the nominal wait.
 */
export function backoffMs(n: number, settings: BackoffSettings, random: () => number): number {
  const nominal = Math.min(settings.backoffSeconds * 1000 * 2 ** (n - 1), settings.maxBackoffSeconds * 1000);
  return Math.round(nominal / 2 + random() * (nominal / 2));
}

/** Statuses whose `Retry-After` is honoured. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);
