/** The shapes of endpoint limiting, shared by the in-thread and the cross-thread limiter. */
export interface LimiterClock {
  /** Milliseconds; the real clock counts from the epoch, so every thread reads the same time. */
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

export interface EndpointLimiter {
  /** Wait for a slot (and the rate), run `task`, free the slot. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Requests in flight right now. */
  inFlight(): number;
}

export interface LimitSettings {
  readonly maxConnections: number;
  readonly requestsPerMinute?: number | undefined;
}
