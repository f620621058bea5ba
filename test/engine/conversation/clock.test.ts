import { describe, expect, it } from "vitest";
import { createVirtualClock, speakingSeconds, TOOL_CALL_SECONDS } from "../../../src/engine/conversation/clock.js";

describe("the virtual clock", () => {
  it("starts where it is told (0 by default) and advances only when told, rounded to the millisecond", () => {
    const clock = createVirtualClock();
    expect(clock.now()).toBe(0);
    clock.advance(0.1);
    clock.advance(0.2);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the clock says 0.3.
    expect(clock.now()).toBe(0.3);
    clock.advance(0.0004);
    expect(clock.now()).toBe(0.3);
    expect(createVirtualClock(12.5).now()).toBe(12.5);
  });

  it("gives speech half a second of turn gap plus 0.4 s a word; empty or blank speech only the gap", () => {
    expect(speakingSeconds("")).toBe(0.5);
    expect(speakingSeconds("   ")).toBe(0.5);
    expect(speakingSeconds("Hello.")).toBe(0.9);
    expect(speakingSeconds("  Thank you\tfor\ncalling.  ")).toBe(0.5 + 4 * 0.4);
    expect(TOOL_CALL_SECONDS).toBe(0.3);
  });
});
