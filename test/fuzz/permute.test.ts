import { describe, expect, it } from "vitest";
import type { Rng } from "../../src/engine/rng.js";
import { createRng } from "../../src/engine/rng.js";
import type { JsonValue } from "../../src/json/types.js";
import { orderedLists, permuted, sampleOf, withSwapped } from "../../src/fuzz/permute.js";

/** An Rng whose `int` plays a script (then 0), to pin down which elements are picked. */
function scripted(ints: number[]): Rng {
  const rng: Rng = { next: () => 0, int: () => ints.shift() ?? 0, hex: (n) => "0".repeat(n), fork: () => rng };
  return rng;
}

const db = {
  flights: { HAT001: { seats: [3, 1, 2], standby_list: ["a", "b", "c", "d"] }, HAT002: { seats: [9, 8] } },
  users: { u1: { bookings: ["x", "y", "z"], name: "Ann" } },
  log: [1, 2, 3, 4, 5],
};

describe("permuted", () => {
  it("keeps every value and the order of ordinary lists; shuffles keys and order-free lists", () => {
    const keyOrders = new Set<string>();
    const standby = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const p = permuted(db, createRng(seed)) as typeof db;
      expect(p.flights.HAT001.seats).toEqual([3, 1, 2]);
      expect(p.log).toEqual([1, 2, 3, 4, 5]);
      expect([...p.flights.HAT001.standby_list].sort()).toEqual(["a", "b", "c", "d"]);
      expect([...p.users.u1.bookings].sort()).toEqual(["x", "y", "z"]);
      expect(p.flights.HAT002).toEqual({ seats: [9, 8] });
      keyOrders.add(Object.keys(p).join(","));
      standby.add(p.flights.HAT001.standby_list.join(""));
    }
    // 3! key orders and 4! list orders: 40 seeds show more than one of each.
    expect(keyOrders.size).toBeGreaterThan(1);
    expect(standby.size).toBeGreaterThan(1);
  });

  it("returns a copy and leaves the input alone", () => {
    const before = JSON.stringify(db);
    const p = permuted(db, createRng(7)) as typeof db;
    p.flights.HAT001.seats.push(4);
    expect(JSON.stringify(db)).toBe(before);
  });

  it("shuffles an order-free list by Fisher-Yates from the end", () => {
    // i=2 picks j=0 (swap 0,2), i=1 picks j=1 (no swap): [a,b,c] -> [c,b,a].
    const p = permuted({ standby_list: ["a", "b", "c"] }, scripted([0, 1])) as { standby_list: string[] };
    expect(p.standby_list).toEqual(["c", "b", "a"]);
  });
});

describe("orderedLists", () => {
  it("finds ordinary lists whose first two elements differ, skipping order-free ones", () => {
    expect(orderedLists(db)).toEqual([["flights", "HAT001", "seats"], ["flights", "HAT002", "seats"], ["log"]]);
  });

  it("skips a list whose first two elements hash alike", () => {
    expect(orderedLists({ a: [1, 1, 2], b: [[2], [2]], c: ["x"] })).toEqual([]);
  });

  it("looks inside lists, naming positions by index", () => {
    expect(orderedLists([{ k: [2, 1] }, 0])).toEqual([[], [0, "k"]]);
  });
});

describe("withSwapped", () => {
  it("swaps the first two elements at the path in a copy", () => {
    const v: JsonValue = { a: { b: [1, 2, 3] } };
    expect(withSwapped(v, ["a", "b"])).toEqual({ a: { b: [2, 1, 3] } });
    expect(v).toEqual({ a: { b: [1, 2, 3] } });
    expect(withSwapped([[5, 6]], [0])).toEqual([[6, 5]]);
  });
});

describe("sampleOf", () => {
  it("keeps perTable records of big tables (picked by the rng), the first of big lists, small ones whole", () => {
    const big = { r0: 0, r1: 1, r2: 2, r3: 3 };
    const s = sampleOf({ big, small: { a: 1 }, list: [1, 2, 3], scalar: "v" }, scripted([3, 1]), 2);
    expect(s).toEqual({ big: { r3: 3, r1: 1 }, small: { a: 1 }, list: [1, 2], scalar: "v" });
  });
});
