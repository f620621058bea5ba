import { describe, expect, it } from "vitest";
import { createProgress, EtaEstimator, formatDuration } from "../../src/cli/progress.js";
import type { RunEvent } from "../../src/run/events.js";

/** A progress display on a fake terminal and a clock the test moves. */
function harness(columns = 120, enabled = true) {
  let t = 1_000_000;
  let screen = "";
  const p = createProgress({ write: (s) => void (screen += s), enabled, now: () => t, columns });
  return {
    p,
    advance: (ms: number) => void (t += ms),
    /** What the terminal shows on its last line: the text after the last carriage return, without the erase code. */
    lastLine: () => (screen.split("\r").pop() ?? "").replace("\x1b[K", ""),
    screen: () => screen,
  };
}

const planned = (toRun: number): RunEvent => ({ type: "planned", runDir: "/r", total: toRun, alreadyDone: 0, toRun });
const started = (scenario: string, inFlight: number, trial = 1): RunEvent => ({ type: "started", job: { scenario, trial }, inFlight });
const finished = (scenario: string, status: "passed" | "failed" | "errored", inFlight: number, trial = 1): RunEvent => ({ type: "finished", job: { scenario, trial }, status, inFlight });

describe("run progress display", () => {
  it("shows done/total, the scenarios in flight and the failures so far", () => {
    const h = harness();
    h.p.event(planned(4));
    expect(h.lastLine()).toBe("[....................] 0/4 | no failures | eta ?");
    h.p.event(started("a", 1));
    h.p.event(started("b", 2));
    expect(h.lastLine()).toBe("[....................] 0/4 | no failures | eta ? | 2 in flight: a, b");
    h.advance(10_000);
    h.p.event(finished("a", "failed", 1));
    h.p.event(started("c", 2));
    expect(h.lastLine()).toBe("[#####...............] 1/4 | 1 failed | eta 30s | 2 in flight: b, c");
    h.advance(10_000);
    h.p.event(finished("b", "errored", 1));
    expect(h.lastLine()).toBe("[##########..........] 2/4 | 1 failed, 1 errored | eta 20s | 1 in flight: c");
  });

  it("smooths the ETA over completions and counts it down between them", () => {
    const eta = new EtaEstimator(0);
    expect(eta.secondsLeft(10, 0)).toBeUndefined();
    eta.completed(10_000); // first gap 10 s
    expect(eta.secondsLeft(9, 10_000)).toBe(90);
    eta.completed(12_000); // gap 2 s: 0.3 * 2 + 0.7 * 10 = 7.6 s
    expect(eta.secondsLeft(8, 12_000)).toBeCloseTo(60.8, 6);
    // 5 s later, with nothing finished, the estimate has run down by 5 s.
    expect(eta.secondsLeft(8, 17_000)).toBeCloseTo(55.8, 6);
    // It never goes below zero.
    expect(eta.secondsLeft(1, 100_000)).toBe(0);
  });

  it("names trials when a scenario runs more than once, and cuts a long in-flight list to the terminal width", () => {
    const feed = (h: ReturnType<typeof harness>): void => {
      h.p.event(planned(9));
      for (let i = 1; i <= 3; i++) h.p.event(started(`scenario_with_a_long_name_${i}`, i, 2));
    };
    const wide = harness(100);
    feed(wide);
    expect(wide.lastLine()).toBe("[....................] 0/9 | no failures | eta ? | 3 in flight: scenario_with_a_long_name_1#2 +2");
    const narrow = harness(70);
    feed(narrow);
    expect(narrow.lastLine()).toBe("[....................] 0/9 | no failures | eta ? | 3 in flight");
  });

  it("prints warnings and the stop on their own lines and says 'stopping'", () => {
    const h = harness();
    h.p.event(planned(2));
    h.p.event({ type: "warning", message: "careful" });
    h.p.event({ type: "stopping", reason: "SIGINT", message: "SIGINT received" });
    expect(h.screen()).toContain("\r\x1b[Kwarning: careful\n");
    expect(h.screen()).toContain("\r\x1b[KSIGINT received\n");
    expect(h.lastLine()).toBe("[....................] 0/2 | no failures | stopping");
    h.p.finish();
    expect(h.screen().endsWith("\n")).toBe(true);
  });

  it("writes nothing but warnings when stderr is not a terminal", () => {
    const h = harness(120, false);
    h.p.event(planned(1));
    h.p.event(started("a", 1));
    h.p.event(finished("a", "passed", 0));
    h.p.event({ type: "warning", message: "careful" });
    h.p.finish();
    expect(h.screen()).toBe("warning: careful\n");
  });

  it("formats durations", () => {
    expect([formatDuration(0), formatDuration(59.4), formatDuration(65), formatDuration(3600 + 7 * 60 + 30)]).toEqual(["0s", "59s", "1m05s", "1h07m"]);
  });
});
