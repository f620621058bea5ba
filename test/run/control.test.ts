import { describe, expect, it } from "vitest";
import type { SetTimer } from "../../src/run/control.js";
import { createRunControl } from "../../src/run/control.js";

/** A timer the test fires by hand: the grace periods asked for, and whether each was cancelled. */
function manualTimer(): { setTimer: SetTimer; asked: { ms: number; fire: () => void; cancelled: boolean }[] } {
  const asked: { ms: number; fire: () => void; cancelled: boolean }[] = [];
  const setTimer: SetTimer = (ms, fire) => {
    const t = { ms, fire, cancelled: false };
    asked.push(t);
    return { cancel: () => void (t.cancelled = true) };
  };
  return { setTimer, asked };
}

describe("createRunControl", () => {
  it("starts neither stopped nor abandoned", () => {
    const c = createRunControl(manualTimer().setTimer);
    expect(c.stopped).toBeUndefined();
    expect(c.abandoned).toBe(false);
  });

  it("a first stop records its cause and tells each listener once; without a grace period nothing is abandoned", () => {
    const { setTimer, asked } = manualTimer();
    const c = createRunControl(setTimer);
    const heard: string[] = [];
    c.onStop((cause, message) => heard.push(`${cause}: ${message}`));
    c.stop("SIGINT", "interrupted");
    expect(c.stopped).toEqual({ cause: "SIGINT", message: "interrupted" });
    expect(heard).toEqual(["SIGINT: interrupted"]);
    expect(asked).toEqual([]);
    expect(c.abandoned).toBe(false);
  });

  it("the grace period's end abandons the in-flight scenarios and resolves whenAbandoned", async () => {
    const { setTimer, asked } = manualTimer();
    const c = createRunControl(setTimer);
    c.stop("SIGTERM", "terminated", 5000);
    expect(asked.map((t) => t.ms)).toEqual([5000]);
    expect(c.abandoned).toBe(false);
    asked[0]?.fire();
    expect(c.abandoned).toBe(true);
    await expect(c.whenAbandoned).resolves.toBeUndefined();
  });

  it("a second stop abandons at once, keeps the first cause, cancels the grace timer and tells no listener again", () => {
    const { setTimer, asked } = manualTimer();
    const c = createRunControl(setTimer);
    const heard: string[] = [];
    c.onStop((cause) => heard.push(cause));
    c.stop("SIGINT", "interrupted", 5000);
    c.stop("endpoint_failures", "endpoint gone");
    expect(c.abandoned).toBe(true);
    expect(c.stopped).toEqual({ cause: "SIGINT", message: "interrupted" });
    expect(heard).toEqual(["SIGINT"]);
    expect(asked[0]?.cancelled).toBe(true);
  });
});
