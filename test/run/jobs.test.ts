import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { parseShard, planJobs } from "../../src/run/jobs.js";

// planJobs reads nothing of an entry but passes it through; a scenario name is enough to follow it.
const entry = (name: string): CatalogEntry => ({ scenario: { name } }) as unknown as CatalogEntry;
const names = (jobs: ReturnType<typeof planJobs>): string[] => jobs.map((j) => `${j.entry.scenario.name}#${j.trial}@${j.index}`);

describe("planJobs", () => {
  const entries = [entry("a__1"), entry("a__2"), entry("b__1")];

  it("lists every scenario's trials in catalog order, numbering positions across the whole list", () => {
    expect(names(planJobs(entries, 2))).toEqual(["a__1#1@0", "a__1#2@1", "a__2#1@2", "a__2#2@3", "b__1#1@4", "b__1#2@5"]);
  });

  it("a shard i/n keeps the jobs whose position is i-1 modulo n, with their full-list positions", () => {
    expect(names(planJobs(entries, 2, { index: 1, count: 4 }))).toEqual(["a__1#1@0", "b__1#1@4"]);
    expect(names(planJobs(entries, 2, { index: 4, count: 4 }))).toEqual(["a__2#2@3"]);
  });

  it("the shards of a split together hold every job exactly once", () => {
    const all = [1, 2, 3].flatMap((index) => planJobs(entries, 2, { index, count: 3 }).map((j) => j.index));
    expect(all.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("parseShard", () => {
  it("reads i/n with 1 <= i <= n", () => {
    expect(parseShard("1/1")).toEqual({ index: 1, count: 1 });
    expect(parseShard("3/8")).toEqual({ index: 3, count: 8 });
  });

  it("refuses anything else", () => {
    for (const bad of ["0/3", "4/3", "1/0", "1", "1/2/3", " 1/2", "a/b", "-1/2", "1.5/2", ""]) expect(parseShard(bad), bad).toBeUndefined();
  });
});
