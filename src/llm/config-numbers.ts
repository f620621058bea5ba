/**
 * Bounds for the numbers of an LLM config. A wait or timeout becomes a
 * Node timer, and Node runs a timer of more than 2^31-1 ms after 1 ms (with
 * a warning): `timeout_seconds: 2147484` would fail every request at once.
 * A request rate so low that its spacing passes the same bound, or so high
 * that it spaces nothing, is a typo rather than a plan.
 */
import { z } from "zod";

/** The longest wait a Node timer can hold, in seconds (2^31-1 ms, rounded down). */
export const MAX_TIMER_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** Requests per minute: at least one a day, at most a million a minute. */
export const MIN_REQUESTS_PER_MINUTE = 1 / (24 * 60);
export const MAX_REQUESTS_PER_MINUTE = 1_000_000;

/** A number of seconds a timer waits: finite, >= 0 (or > 0), within Node's timer range. */
export function timerSeconds(opts: { positive?: boolean } = {}): z.ZodNumber {
  const base = opts.positive === true ? z.number().positive() : z.number().min(0);
  return base.max(MAX_TIMER_SECONDS, `at most ${MAX_TIMER_SECONDS} seconds (Node's timers hold up to 2^31-1 ms)`);
}

/** A request rate within sensible bounds. */
export function requestsPerMinute(): z.ZodNumber {
  return z
    .number()
    .min(MIN_REQUESTS_PER_MINUTE, `at least ${MIN_REQUESTS_PER_MINUTE.toPrecision(3)} (one request a day)`)
    .max(MAX_REQUESTS_PER_MINUTE, `at most ${MAX_REQUESTS_PER_MINUTE}`);
}
