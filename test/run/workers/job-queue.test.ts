import { describe, expect, it } from "vitest";
import { createJobQueue } from "../../../src/run/workers/job-queue.js";

describe("job queue", () => {
  const drain = (count: number, workers: number, order: number[]): number[][] => {
    const q = createJobQueue(count, workers);
    const got: number[][] = Array.from({ length: workers }, () => []);
    for (let turn = 0; q.remaining > 0; turn++) {
      const w = order[turn % order.length] as number;
      const p = q.take(w);
      if (p !== undefined) got[w]?.push(p);
    }
    return got;
  };

  it("starts each worker on its own contiguous slice", () => {
    expect(drain(10, 2, [0, 1])).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ]);
  });

  it("hands out every position exactly once, stealing from the largest slice", () => {
    for (const [count, workers] of [[1, 1], [7, 3], [10, 4], [3, 8], [50, 5]] as const) {
      const got = drain(count, workers, [0, 0, 0, 1, 2, 3, 4, 5, 6, 7].filter((w) => w < workers));
      expect(got.flat().sort((a, b) => a - b), `${count}/${workers}`).toEqual(Array.from({ length: count }, (_, i) => i));
    }
    // Worker 0 alone, slices [0,3) [3,6) [6,9): its own, then each time the back half
    // (at least one) of the largest slice, the first one on ties: 5 | 8 | 4 | 7 | 3 | 6.
    expect(drain(9, 3, [0])[0]).toEqual([0, 1, 2, 5, 8, 4, 7, 3, 6]);
  });

  it("hands out given-back positions first", () => {
    const q = createJobQueue(4, 2);
    expect(q.take(0)).toBe(0);
    q.giveBack(0);
    expect(q.take(1)).toBe(0);
    expect(q.remaining).toBe(3);
  });
});
