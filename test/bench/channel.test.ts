import { describe, expect, it } from "vitest";
import { calibrationTable } from "../../bench/sections/channel.js";
import type { ErrorKind, Rate } from "../../src/engine/channel/measure/rates.js";
import { ERROR_KINDS } from "../../src/engine/channel/measure/rates.js";

const all = (rate: number, low = rate, high = rate): Record<ErrorKind, Rate> => Object.fromEntries(ERROR_KINDS.map((k) => [k, { events: 0, units: 1, rate, low, high }])) as Record<ErrorKind, Rate>;

describe("the channel calibration table", () => {
  it("prints the real rate and interval beside each profile's rate and marks those outside the interval", () => {
    const text = calibrationTable(all(0.04, 0.03, 0.05), [{ name: "inside", rates: all(0.045) }, { name: "outside", rates: all(0.06) }]);
    const wer = text.split("\n").find((l) => l.startsWith("word error rate")) ?? "";
    expect(wer).toMatch(/4\.00 %\s+3\.00 % - 5\.00 %\s+4\.50 %\s+6\.00 % \*$/);
    expect(text.split("\n").filter((l) => l.endsWith("*"))).toHaveLength(ERROR_KINDS.length);
  });
});
