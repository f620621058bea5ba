import { describe, expect, it } from "vitest";
import { cappedAllMetricsText, cappedMetricsText } from "../../../src/run/folder/metrics-caps.js";

const metrics = (text: string): Record<string, unknown> & { turns: unknown[] } => ({
  scenario_name: "s",
  status: "failed",
  turns: [{ role: "agent", text }, { role: "user", text: "ok" }],
  is_successful: false,
});

describe("metrics caps", () => {
  it("keeps metrics under the cap exactly as the plain JSON text", () => {
    const m = metrics("hello");
    expect(cappedMetricsText(m as never, 10_000, "metrics.json")).toBe(JSON.stringify(m, null, 2));
  });

  it("past the cap leaves the turns out, saying how many, how large and where they are, and keeps every other field", () => {
    const m = metrics("z".repeat(500));
    const full = JSON.stringify(m, null, 2);
    const capped = JSON.parse(cappedMetricsText(m as never, 300, "metrics.json")) as Record<string, unknown>;
    expect(capped).toEqual({
      scenario_name: "s",
      status: "failed",
      turns: [],
      is_successful: false,
      turns_omitted: { turns: 2, bytes: Buffer.byteLength(full), reason: "the metrics are over the cap of 300 bytes for metrics.json; the scenario's transcript.jsonl holds every turn" },
    });
  });

  it("in all_metrics.json holds each entry to its cap and leaves small entries byte for byte", () => {
    const small = metrics("a");
    const big = metrics("b".repeat(2_000));
    const text = cappedAllMetricsText([small, big] as never, 1_000);
    const parsed = JSON.parse(text) as Record<string, unknown>[];
    expect(parsed[0]).toEqual(small);
    expect(parsed[1]?.["turns"]).toEqual([]);
    expect(parsed[1]?.["turns_omitted"]).toMatchObject({ turns: 2, reason: "the metrics are over the cap of 1000 bytes for a scenario's entry in all_metrics.json; the scenario's transcript.jsonl holds every turn" });
    expect(cappedAllMetricsText([small] as never, 1_000)).toBe(JSON.stringify([small], null, 2));
  });
});
