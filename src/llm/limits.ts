/**
 * Per-endpoint limits: at most `max_connections` requests in flight, and,
 * with `requests_per_minute`, request starts spaced 60/rpm seconds apart.
 * One limiter serves every client of the same `base_url` + `model` (the
 * agent and the user pointed at one server share it), and the tightest
 * setting among them wins. Within one thread the limiter is plain state; a
 * run on several threads gives every thread the same shared memory, so the
 * limits hold across the whole run (see shared-limits.ts).
 *
 * Waiting goes through an injected clock, so tests measure spacing without
 * real time passing.
 */
import type { EndpointLimiter, LimiterClock, LimitSettings } from "./limit-types.js";
import { createSharedLimiter, SHARED_ENDPOINT_SLOTS } from "./shared-limits.js";

export type { EndpointLimiter, LimiterClock, LimitSettings } from "./limit-types.js";

export function createLimiter(settings: LimitSettings, clock: LimiterClock): EndpointLimiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  let nextStart = -Infinity;
  const interval = settings.requestsPerMinute !== undefined ? 60_000 / settings.requestsPerMinute : 0;

  const acquire = async (): Promise<void> => {
    if (active >= settings.maxConnections) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    if (interval > 0) {
      // Reserve a start time first, so concurrent waiters take consecutive slots.
      const now = clock.now();
      const start = Math.max(now, nextStart);
      nextStart = start + interval;
      if (start > now) await clock.sleep(start - now);
    }
  };
  const release = (): void => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter: `active` stays the same.
    if (next) next();
    else active--;
  };
  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    inFlight: () => active,
  };
}

export interface EndpointIdentity extends LimitSettings {
  readonly baseUrl: string;
  readonly model: string;
}

const endpointKey = (e: EndpointIdentity): string => `${e.baseUrl}\n${e.model}`;

/** Limiters by endpoint identity. */
export interface LimiterRegistry {
  limiterFor(endpoint: EndpointIdentity): EndpointLimiter;
}

/**
 * One limiter per distinct `base_url` + `model` among `endpoints`, each with
 * the tightest `max_connections` and `requests_per_minute` given for it.
 * With `shared` (memory from `createSharedLimitMemory`, the same in every
 * thread of the run), the counts live there: endpoint i of the sorted
 * identities uses slot i, which every thread computes alike from the same
 * configs.
 */
export function createLimiterRegistry(endpoints: readonly EndpointIdentity[], clock: LimiterClock, shared?: SharedArrayBuffer): LimiterRegistry {
  const settings = new Map<string, LimitSettings>();
  for (const e of endpoints) {
    const known = settings.get(endpointKey(e));
    const rpm = [known?.requestsPerMinute, e.requestsPerMinute].filter((v): v is number => v !== undefined);
    settings.set(endpointKey(e), {
      maxConnections: Math.min(known?.maxConnections ?? Infinity, e.maxConnections),
      ...(rpm.length > 0 ? { requestsPerMinute: Math.min(...rpm) } : {}),
    });
  }
  const slots = [...settings.keys()].sort();
  if (shared && slots.length > SHARED_ENDPOINT_SLOTS) throw new RangeError(`${slots.length} endpoints, but shared limits hold ${SHARED_ENDPOINT_SLOTS}`);
  const limiters = new Map<string, EndpointLimiter>();
  return {
    limiterFor(endpoint) {
      const key = endpointKey(endpoint);
      let limiter = limiters.get(key);
      if (!limiter) {
        const own = settings.get(key) ?? endpoint;
        const slot = slots.indexOf(key);
        limiter = shared && slot >= 0 ? createSharedLimiter(own, clock, shared, slot) : createLimiter(own, clock);
        limiters.set(key, limiter);
      }
      return limiter;
    },
  };
}
