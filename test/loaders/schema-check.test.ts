/** formatJsonPath: the JSON path spelling of every fixture error. */
import { describe, expect, it } from "vitest";
import { formatJsonPath } from "../../src/loaders/schema-check.js";

describe("formatJsonPath", () => {
  it("dots for simple keys, [i] for indices, quotes for the rest", () => {
    expect(formatJsonPath(["reservations", "ZK3FFW", "bookings", 0, "segments", 0, "fare_paid"])).toBe(
      "reservations.ZK3FFW.bookings[0].segments[0].fare_paid",
    );
    expect(formatJsonPath([0, "id"])).toBe("[0].id");
    expect(formatJsonPath(["orders", "#W1", "a.b", "", 'q"'])).toBe('orders["#W1"]["a.b"][""]["q\\""]');
  });
});
