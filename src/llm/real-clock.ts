/**
 * The real clock LLM clients use unless one is injected. It only paces
 * requests (retry waits, the per-minute rate); nothing it returns reaches a
 * result, so outputs stay a function of the inputs and the seed.
 */
import type { LimiterClock } from "./limit-types.js";

export const realClock: LimiterClock = {
  // From the epoch, not from this thread's start, so threads sharing limits read the same time.
  now: () => performance.timeOrigin + performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
