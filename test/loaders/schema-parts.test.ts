/** The date formats the fixture schemas check. */
import { describe, expect, it } from "vitest";
import { isoDate, isoDateTime, isoDateTimeOrDate } from "../../src/loaders/schema-parts.js";

describe("date formats", () => {
  it("checks the calendar, leap years included", () => {
    const ok = (s: string): boolean => isoDate().safeParse(s).success;
    expect(["2024-02-29", "2000-02-29", "2025-12-31", "2025-04-30"].map(ok)).toEqual([true, true, true, true]);
    expect(["2025-02-29", "1900-02-29", "2025-04-31", "2025-13-01", "2025-1-01", "2025-01-01 "].map(ok)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const okTime = (s: string): boolean => isoDateTime().safeParse(s).success;
    expect(["2025-01-15T10:30:00", "2025-01-15T24:00:00", "2025-01-15", "2025-01-15T10:30:00Z"].map(okTime)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    // A pydantic datetime field also takes a bare date (telecom `created_at`'s default dumps as one).
    const okEither = (s: string): boolean => isoDateTimeOrDate().safeParse(s).success;
    expect(["2025-01-01", "2025-01-15T10:30:00", "2025-01-15T10:30", "2025-02-30"].map(okEither)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
