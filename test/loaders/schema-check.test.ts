/** formatJsonPath: the JSON path spelling of every fixture error; findProblem: every problem, up to ten, with its path. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { findProblem, formatJsonPath, MAX_LISTED } from "../../src/loaders/schema-check.js";

describe("formatJsonPath", () => {
  it("dots for simple keys, [i] for indices, quotes for the rest", () => {
    expect(formatJsonPath(["reservations", "ZK3FFW", "bookings", 0, "segments", 0, "fare_paid"])).toBe(
      "reservations.ZK3FFW.bookings[0].segments[0].fare_paid",
    );
    expect(formatJsonPath([0, "id"])).toBe("[0].id");
    expect(formatJsonPath(["orders", "#W1", "a.b", "", 'q"'])).toBe('orders["#W1"]["a.b"][""]["q\\""]');
  });
});

describe("findProblem", () => {
  const user = z.object({ name: z.string(), age: z.number() });
  const users = z.record(z.string(), user);

  it("lists every problem with its path, in document order", () => {
    const doc = { a: { name: 1, age: 2 }, b: { name: "x", age: "3" }, c: { age: 4 } };
    expect(findProblem(doc, users)).toEqual({
      path: ["a", "name"],
      detail: 'expected a string, found 1 (and 2 more problems: b.age: expected a number, found "3"; c.name: expected a string, found nothing (the field is missing))',
    });
  });

  it("lists ten problems at most and counts the rest", () => {
    const doc = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`u${i}`, { name: i, age: 0 }]));
    const detail = findProblem(doc, users)?.detail ?? "";
    expect(detail.startsWith("expected a string, found 0 (and 11 more problems: u1.name: expected a string, found 1; ")).toBe(true);
    expect(detail.endsWith("u9.name: expected a string, found 9; 2 more not shown)")).toBe(true);
    expect(detail.match(/\.name: /g)).toHaveLength(9);
    expect(MAX_LISTED).toBe(10);
  });

  it("says nothing more for a single problem", () => {
    expect(findProblem({ a: { name: "x", age: true } }, users)?.detail).toBe("expected a number, found true");
  });
});
