/**
 * Caps on what one conversation may send to a model. Every request carries the
 * whole context so far, so a model that keeps replying near `max_reply_bytes`
 * grows each request by that much: without a cap, one scenario's context, the
 * memory holding it, its `llm_context.json` and its cassette entries grow
 * without bound (one such scenario once wrote 457 MB of cassettes). The
 * defaults are far above anything the suites produce (their largest request
 * is well under 1 MB), so they change nothing a normal run sends.
 */
import { LlmEndpointError } from "./errors.js";

/** The largest request body (bytes of its JSON text) sent or looked up in a cassette. */
export const MAX_REQUEST_BYTES = 16_000_000;

/** The most request bytes one side sends (and records) in one scenario, all requests together. */
export const MAX_SCENARIO_REQUEST_BYTES = 256_000_000;

export interface RequestCaps {
  readonly request: number;
  readonly scenario: number;
}

export const DEFAULT_REQUEST_CAPS: RequestCaps = { request: MAX_REQUEST_BYTES, scenario: MAX_SCENARIO_REQUEST_BYTES };

/** One side's running total of request bytes in its scenario; the client adds to it. */
export interface RequestVolume {
  bytes: number;
}

/**
 * Check a request of `size` bytes against the caps and count it in `volume`;
 * throws the error that stops the conversation (the scenario is errored with
 * its message) before anything is sent or recorded.
 */
export function chargeRequest(size: number, volume: RequestVolume | undefined, caps: RequestCaps, details: { readonly endpoint: string }): void {
  if (size > caps.request) {
    throw new LlmEndpointError("request_too_large", `the request is ${size} bytes, over the cap of ${caps.request} bytes for one model request (the conversation's context grew past it)`, details);
  }
  if (!volume) return;
  if (volume.bytes + size > caps.scenario) {
    throw new LlmEndpointError(
      "request_budget",
      `this request of ${size} bytes would bring this side's requests in the scenario to ${volume.bytes + size} bytes, over the cap of ${caps.scenario} bytes per scenario`,
      details,
    );
  }
  volume.bytes += size;
}
