import { describe, expect, it } from "vitest";
import { realClock } from "../../src/llm/real-clock.js";

describe("realClock", () => {
  it("reads milliseconds from the epoch, so every thread reads the same time", () => {
    // The wall clock is epoch milliseconds too; a clock counted from the thread's start would be ~1.7e12 behind.
    // eslint-disable-next-line no-restricted-syntax -- this test compares the real clock with the wall clock
    expect(Math.abs(realClock.now() - Date.now())).toBeLessThan(1000);
  });

  it("never runs backwards between readings", () => {
    let last = realClock.now();
    for (let i = 0; i < 1000; i++) {
      const t = realClock.now();
      expect(t).toBeGreaterThanOrEqual(last);
      last = t;
    }
  });

  it("sleeps at least the time asked", async () => {
    const start = realClock.now();
    await realClock.sleep(30);
    expect(realClock.now() - start).toBeGreaterThanOrEqual(29);
  });
});
