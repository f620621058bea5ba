/**
 * Endpoint limits across the threads of a run. Each thread builds its own
 * clients, so a per-thread limiter would allow `max_connections` requests
 * per thread; here the count of requests in flight (and the next free start
 * time under `requests_per_minute`) of each endpoint lives in memory every
 * thread shares, changed only with atomic operations. A waiting request
 * sleeps with `Atomics.waitAsync` and is woken when a slot is freed.
 *
 * Which slot an endpoint uses is its position among the run's distinct
 * endpoints sorted by identity: every thread computes the same list from the
 * same configs, so they agree without talking. Only timing depends on this;
 * no output does.
 */
import type { EndpointLimiter, LimiterClock, LimitSettings } from "./limit-types.js";

/** Endpoints one run can have: agent, user and judge. */
export const SHARED_ENDPOINT_SLOTS = 3;
/** A waiter looks again at least this often, whatever it was told. */
const RECHECK_MS = 1000;

// Node 20 has Atomics.waitAsync; the ES2023 library declarations do not.
type WaitAsync = (a: Int32Array, index: number, value: number, timeoutMs: number) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** The shared memory of a run's limits: created once, handed to every thread. */
export function createSharedLimitMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(SHARED_ENDPOINT_SLOTS * (4 + 8) + 4);
}

interface Views {
  readonly active: Int32Array;
  /** The earliest start of the next request, in microseconds on the clock. */
  readonly nextStart: BigInt64Array;
}

function viewsOf(memory: SharedArrayBuffer): Views {
  const activeBytes = SHARED_ENDPOINT_SLOTS * 4;
  const aligned = Math.ceil(activeBytes / 8) * 8;
  return { active: new Int32Array(memory, 0, SHARED_ENDPOINT_SLOTS), nextStart: new BigInt64Array(memory, aligned, SHARED_ENDPOINT_SLOTS) };
}

/**
 * A limiter whose counts live in `memory` at `slot`. `clock.now()` must be
 * comparable between threads (the real clock counts from the epoch).
 */
export function createSharedLimiter(settings: LimitSettings, clock: LimiterClock, memory: SharedArrayBuffer, slot: number): EndpointLimiter {
  if (slot < 0 || slot >= SHARED_ENDPOINT_SLOTS) throw new RangeError(`shared limiter slot ${slot} is outside 0..${SHARED_ENDPOINT_SLOTS - 1}`);
  const { active, nextStart } = viewsOf(memory);
  const intervalUs = settings.requestsPerMinute !== undefined ? Math.ceil(60_000_000 / settings.requestsPerMinute) : 0;

  const takeSlot = async (): Promise<void> => {
    for (;;) {
      const seen = Atomics.load(active, slot);
      if (seen < settings.maxConnections) {
        if (Atomics.compareExchange(active, slot, seen, seen + 1) === seen) return;
        continue;
      }
      // Sleeps only while the count is still `seen`; a release in between makes it return at once.
      const wait = waitAsync(active, slot, seen, RECHECK_MS);
      if (wait.async) await wait.value;
    }
  };
  /** Reserve the next start time, so requests of every thread take consecutive starts. */
  const reserveStart = async (): Promise<void> => {
    for (;;) {
      const nowUs = BigInt(Math.floor(clock.now() * 1000));
      const prev = Atomics.load(nextStart, slot);
      const start = prev > nowUs ? prev : nowUs;
      if (Atomics.compareExchange(nextStart, slot, prev, start + BigInt(intervalUs)) !== prev) continue;
      if (start > nowUs) await clock.sleep(Number(start - nowUs) / 1000);
      return;
    }
  };
  const release = (): void => {
    Atomics.sub(active, slot, 1);
    Atomics.notify(active, slot, 1);
  };
  return {
    async run(task) {
      await takeSlot();
      try {
        if (intervalUs > 0) await reserveStart();
        return await task();
      } finally {
        release();
      }
    },
    inFlight: () => Atomics.load(active, slot),
  };
}
