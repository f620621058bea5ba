import { describe, expect, it } from "vitest";
import { differingPaths, fieldOf, valueAt } from "../../src/crosscheck/field-paths.js";

describe("field paths of a state difference", () => {
  const before = { reservations: { XXF6OH: { bookings: [{ segments: [{ bags_checked: 1, meal: "none" }] }] } }, users: { u1: { name: "A" } } };
  const after = { reservations: { XXF6OH: { bookings: [{ segments: [{ bags_checked: 0, meal: "none" }] }] } }, users: { u1: { name: "A" }, u2: { name: "B" } } };

  it("names each differing leaf, keys only one side has included", () => {
    expect(differingPaths(before, after)).toEqual(["reservations.XXF6OH.bookings[0].segments[0].bags_checked", "users.u2"]);
    expect(differingPaths(before, structuredClone(before))).toEqual([]);
    expect(differingPaths([1, 2], [1])).toEqual(["[1]"]);
    expect(differingPaths(1, 2)).toEqual(["(whole value)"]);
  });

  it("quotes keys that are not plain names and reads values back by path", () => {
    const a = { "a.b": { "x y": 1 } };
    const paths = differingPaths(a, { "a.b": { "x y": 2 } });
    expect(paths).toEqual(['"a.b"."x y"']);
    expect(valueAt(a, paths[0] as string)).toBe(1);
    expect(valueAt(after, "reservations.XXF6OH.bookings[0].segments[0].bags_checked")).toBe(0);
    expect(valueAt(after, "users.nobody.name")).toBeUndefined();
  });

  it("generalises record ids and list indices so one field of many records groups together", () => {
    expect(fieldOf("reservations.XXF6OH.bookings[1].segments[0].bags_checked")).toBe("reservations.*.bookings[].segments[].bags_checked");
    expect(fieldOf("customers[2].lines[0].status")).toBe("customers[].lines[].status");
    expect(fieldOf("surroundings")).toBe("surroundings");
  });

  it("stops at the limit", () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(differingPaths(many, {}, 5)).toHaveLength(5);
  });
});
