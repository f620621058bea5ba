/**
 * Hands out job positions to workers. Each worker starts on its own
 * contiguous slice of the list (jobs are grouped by domain, so a worker
 * mostly touches few domains and loads only their fixtures); a worker whose
 * slice is empty takes the back half of the largest remaining one. Jobs given
 * back after a worker died go out first.
 */
export interface JobQueue {
  /** The next position for `worker`, or undefined when nothing is left. */
  take(worker: number): number | undefined;
  /** Put back a position whose worker died before finishing it. */
  giveBack(position: number): void;
  readonly remaining: number;
}

interface Slice {
  next: number;
  end: number;
}

export function createJobQueue(count: number, workers: number): JobQueue {
  const n = Math.max(1, Math.min(workers, count));
  const slices: Slice[] = [];
  for (let w = 0; w < n; w++) slices.push({ next: Math.floor((w * count) / n), end: Math.floor(((w + 1) * count) / n) });
  const returned: number[] = [];
  const size = (s: Slice): number => s.end - s.next;
  const sliceOf = (worker: number): Slice => {
    let own = slices[worker];
    if (!own) slices[worker] = own = { next: 0, end: 0 };
    return own;
  };
  return {
    take(worker) {
      const back = returned.shift();
      if (back !== undefined) return back;
      const own = sliceOf(worker);
      if (size(own) === 0) {
        let victim: Slice | undefined;
        for (const s of slices) if (!victim || size(s) > size(victim)) victim = s;
        if (!victim || size(victim) === 0) return undefined;
        const mid = victim.end - Math.floor(size(victim) / 2) - (size(victim) === 1 ? 1 : 0);
        own.next = mid;
        own.end = victim.end;
        victim.end = mid;
      }
      return own.next++;
    },
    giveBack(position) {
      returned.push(position);
    },
    get remaining() {
      return returned.length + slices.reduce((acc, s) => acc + size(s), 0);
    },
  };
}
