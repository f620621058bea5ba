import { describe, expect, it } from "vitest";
import type { LimiterClock } from "../../src/llm/limits.js";
import { createLimiterRegistry } from "../../src/llm/limits.js";
import { createSharedLimiter, createSharedLimitMemory } from "../../src/llm/shared-limits.js";

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function fakeClock(): LimiterClock {
  let now = 0;
  return { now: () => now, sleep: (ms) => ((now += ms), Promise.resolve()) };
}

describe("limits in shared memory", () => {
  it("limiters on the same memory (as in two threads) together never exceed max_connections, and run every task", async () => {
    const memory = createSharedLimitMemory();
    const clock = fakeClock();
    const a = createSharedLimiter({ maxConnections: 3 }, clock, memory, 1);
    const b = createSharedLimiter({ maxConnections: 3 }, clock, memory, 1);
    let running = 0;
    let peak = 0;
    const task = (i: number) => async (): Promise<number> => {
      running++;
      peak = Math.max(peak, running);
      for (let k = 0; k < (i % 5) + 1; k++) await tick();
      running--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).run(task(i))));
    expect(results).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(a.inFlight()).toBe(0);
    // Another slot of the same memory is another endpoint: its count is its own.
    const other = createSharedLimiter({ maxConnections: 1 }, clock, memory, 0);
    const seen = await a.run(() => Promise.resolve([a.inFlight(), other.inFlight()]));
    expect(seen).toEqual([1, 0]);
  });

  it("frees the slot when a task fails", async () => {
    const memory = createSharedLimitMemory();
    const l = createSharedLimiter({ maxConnections: 1 }, fakeClock(), memory, 0);
    await expect(l.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await l.run(() => Promise.resolve("next"))).toBe("next");
    expect(l.inFlight()).toBe(0);
  });

  it("spaces request starts 60/requests_per_minute seconds apart across limiters on the same memory", async () => {
    const memory = createSharedLimitMemory();
    const now = 5_000;
    const sleeps: number[] = [];
    const clock: LimiterClock = { now: () => now, sleep: (ms) => (sleeps.push(ms), Promise.resolve()) };
    const a = createSharedLimiter({ maxConnections: 10, requestsPerMinute: 120 }, clock, memory, 2);
    const b = createSharedLimiter({ maxConnections: 10, requestsPerMinute: 120 }, clock, memory, 2);
    await Promise.all([a, b, a, b].map((l) => l.run(() => Promise.resolve())));
    expect(sleeps.sort((x, y) => x - y)).toEqual([500, 1000, 1500]);
  });

  it("registries built from the same configs in different threads give each endpoint the same slot", async () => {
    const memory = createSharedLimitMemory();
    const endpoints = [
      { baseUrl: "http://b/v1", model: "m", maxConnections: 1 },
      { baseUrl: "http://a/v1", model: "m", maxConnections: 1 },
    ];
    // The second thread lists the same endpoints in another order (say, agent and user swapped).
    const one = createLimiterRegistry(endpoints, fakeClock(), memory);
    const two = createLimiterRegistry([...endpoints].reverse(), fakeClock(), memory);
    const seen: number[] = [];
    await one.limiterFor(endpoints[0] as (typeof endpoints)[0]).run(() => {
      seen.push(two.limiterFor(endpoints[0] as (typeof endpoints)[0]).inFlight(), two.limiterFor(endpoints[1] as (typeof endpoints)[1]).inFlight());
      return Promise.resolve();
    });
    expect(seen).toEqual([1, 0]);
  });
});
