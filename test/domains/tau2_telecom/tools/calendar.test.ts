/** Calendar arithmetic on YYYY-MM-DD dates; expected values are Python's datetime.date results. */
import { describe, expect, it } from "vitest";
import { addDays, firstOfMonthAfter, formatIsoDate, lastDayOfMonth, parseIsoDate } from "../../../../src/domains/tau2_telecom/tools/calendar.js";

describe("calendar", () => {
  it("parses and formats ISO dates, refusing anything else", () => {
    expect(parseIsoDate("2025-02-25")).toEqual({ year: 2025, month: 2, day: 25 });
    expect(formatIsoDate({ year: 987, month: 3, day: 4 })).toBe("0987-03-04");
    expect(() => parseIsoDate("2025-2-25")).toThrow('expected a YYYY-MM-DD date, got "2025-2-25"');
  });

  it("adds days across month and year ends (date + timedelta(days=n))", () => {
    expect(formatIsoDate(addDays(parseIsoDate("2025-02-25"), 4))).toBe("2025-03-01");
    expect(formatIsoDate(addDays(parseIsoDate("2024-12-31"), 1))).toBe("2025-01-01");
    expect(formatIsoDate(addDays(parseIsoDate("2024-03-01"), -1))).toBe("2024-02-29");
  });

  it("finds the first of a later month and the last day of this one", () => {
    expect(firstOfMonthAfter(parseIsoDate("2025-11-30"), 2)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(lastDayOfMonth("2025-02-25")).toBe("2025-02-28");
    expect(lastDayOfMonth("2024-02-01")).toBe("2024-02-29");
    expect(lastDayOfMonth("1900-02-10")).toBe("1900-02-28");
    expect(lastDayOfMonth("2025-12-31")).toBe("2025-12-31");
  });
});
