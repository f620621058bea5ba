/**
 * The one rule for a scenario's date: `--today` moves only a scenario whose
 * reference reads the system clock (tau2's), never one whose fixture fixes
 * its date (eva's `current_date`).
 */
import { describe, expect, it } from "vitest";
import { scenarioToday } from "../../src/engine/scenario.js";

describe("scenarioToday", () => {
  const clock = { today: "2025-02-25", todayFromClock: true };
  const fixed = { today: "2025-12-01", todayFromClock: false };

  it("a clock-dated scenario takes the override, and keeps its own date without one", () => {
    expect(scenarioToday(clock, "2026-07-04")).toBe("2026-07-04");
    expect(scenarioToday(clock, undefined)).toBe("2025-02-25");
    expect(scenarioToday(clock, "")).toBe("2025-02-25");
  });

  it("a scenario with a fixed date keeps it whatever the override", () => {
    expect(scenarioToday(fixed, "2026-07-04")).toBe("2025-12-01");
    expect(scenarioToday(fixed, undefined)).toBe("2025-12-01");
  });
});
