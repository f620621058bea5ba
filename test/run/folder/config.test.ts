/** run_config.json read back on --resume: its numbers, dates and names are checked as the command line checks them. */
import { describe, expect, it } from "vitest";
import { settingsFromConfig } from "../../../src/run/folder/config.js";

const errorOf = (c: Record<string, unknown>): string => {
  try {
    settingsFromConfig(c as never, "run_config.json");
  } catch (e) {
    return (e as Error).message;
  }
  return "accepted";
};

describe("run_config.json on resume", () => {
  it("refuses trials beyond what --trials allows", () => {
    expect(errorOf({ trials: 100_000_000 })).toBe("run_config.json: trials: expected an integer from 1 to 1000, got 100000000");
    expect(errorOf({ trials: 1000 })).toBe("accepted");
  });

  it("refuses a date that is not on the calendar", () => {
    expect(errorOf({ today: "2025-02-30" })).toBe('run_config.json: today: expected a real date as YYYY-MM-DD, or null, got "2025-02-30"');
    expect(errorOf({ today: "2024-02-29" })).toBe("accepted");
  });

  it("refuses a channel that is not a channel, __proto__ included", () => {
    expect(errorOf({ channel: "__proto__" })).toMatch(/^run_config\.json: channel: expected a channel name \(.*clean.*\), got "__proto__"$/);
    expect(errorOf({ channel: "clean" })).toBe("accepted");
  });

  it("refuses a seed past the safe integers", () => {
    expect(errorOf({ seed: 2 ** 60 })).toContain("run_config.json: seed: expected an integer >= 0");
  });
});
