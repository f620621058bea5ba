import { describe, expect, it } from "vitest";
import { formatFailureList } from "../../src/results/failure-list.js";
import type { TrialRecord } from "../../src/results/read-run.js";

const rec = (name: string, status: TrialRecord["status"], trial: number, metrics: TrialRecord["metrics"] = {}): TrialRecord => ({ name, domain: "d", bucket: "d", trial, status, metrics, dir: "/nowhere" });

describe("formatFailureList", () => {
  it("is empty when everything passed", () => {
    expect(formatFailureList({ dir: "r", config: {}, records: [rec("d__1", "passed", 1)] })).toBe("");
  });

  it("lists each trial that did not pass with its reason line", () => {
    const records = [
      rec("d__1", "passed", 1),
      rec("d__2", "failed", 1, { success_breakdown: { failed: ["clean_exit"] }, stop_reason: "max_turns" }),
      rec("d__3", "errored", 1, { error: { side: "agent", message: "HTTP 500" } }),
    ];
    expect(formatFailureList({ dir: "r", config: {}, records })).toBe(
      ["", "Did not pass: 1 failed, 1 errored", "  FAILED   d__2  clean_exit: the conversation ended by max_turns, not [EXIT]", "  ERRORED  d__3  errored: agent bot: HTTP 500", ""].join("\n"),
    );
  });

  it("names the trial when the run has several", () => {
    const records = [rec("d__1", "passed", 1), rec("d__1", "errored", 2, { stop_reason: "timeout" })];
    expect(formatFailureList({ dir: "r", config: {}, records })).toContain("  ERRORED  d__1 [trial 2]  errored: the conversation stopped by timeout\n");
  });
});
