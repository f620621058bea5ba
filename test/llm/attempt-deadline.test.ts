import { describe, expect, it } from "vitest";
import { Deadline } from "../../src/llm/attempt-deadline.js";

describe("Deadline, an attempt's timeout", () => {
  it("calls each callback once when it expires, and a late one at once", () => {
    const d = new Deadline();
    const calls: string[] = [];
    d.onExpire(() => calls.push("a"));
    d.onExpire(() => calls.push("b"));
    expect(d.expired).toBe(false);
    d.expire();
    d.expire();
    d.onExpire(() => calls.push("late"));
    expect(calls).toEqual(["a", "b", "late"]);
    expect(d.expired).toBe(true);
  });

  it("aborts its signal whether the signal was made before or after it expired", () => {
    const early = new Deadline();
    const signal = early.signal;
    expect(signal.aborted).toBe(false);
    early.expire();
    expect(signal.aborted).toBe(true);
    const late = new Deadline();
    late.expire();
    expect(late.signal.aborted).toBe(true);
  });
});
