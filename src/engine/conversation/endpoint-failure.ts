/**
 * Which endpoint failure errored a scenario, as a comparable key: the run
 * stops early when scenario after scenario fails the same way (the endpoint
 * is gone), not when each fails for its own reason.
 */
import { asEndpointError } from "../../llm/errors.js";

export interface EndpointFailure {
  /** Equal for the same failure of the same endpoint (`LlmEndpointError.failureKey`). */
  readonly key: string;
  readonly message: string;
}

/** A missing cassette entry is one request's problem, not the endpoint's. */
const PER_REQUEST = new Set(["cassette_miss"]);

export function endpointFailureOf(e: unknown): EndpointFailure | undefined {
  const err = asEndpointError(e);
  if (!err || PER_REQUEST.has(err.kind)) return undefined;
  return { key: err.failureKey, message: err.message };
}

/** The same, from a conversation's recorded error (its failure key and message). */
export function endpointFailureFrom(error: { readonly message: string; readonly endpointFailure?: string } | undefined): EndpointFailure | undefined {
  const key = error?.endpointFailure;
  if (key === undefined || [...PER_REQUEST].some((k) => key.split(" ").includes(k))) return undefined;
  return { key, message: error?.message ?? "" };
}
