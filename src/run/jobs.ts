import type { CatalogEntry } from "../engine/catalog.js";

export interface Job {
  readonly entry: CatalogEntry;
  readonly trial: number;
  /** Position in the full (unsharded) job list; fixes shard membership and output order. */
  readonly index: number;
}

export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Every scenario × trial, in catalog order; a shard keeps every n-th job. */
export function planJobs(entries: readonly CatalogEntry[], trials: number, shard?: Shard): Job[] {
  const all: Job[] = [];
  for (const entry of entries) for (let t = 1; t <= trials; t++) all.push({ entry, trial: t, index: all.length });
  return shard ? all.filter((j) => j.index % shard.count === shard.index - 1) : all;
}

export function parseShard(text: string): Shard | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && index <= count ? { index, count } : undefined;
}
