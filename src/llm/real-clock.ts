/**
 * The real clock LLM clients use unless one is injected. It only paces
 * requests (retry waits, the per-minute rate); nothing it returns reaches a
 * result, so outputs stay a function of the inputs and the seed.
 */
import type { LimiterClock } from "./limits.js";

export const realClock: LimiterClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
