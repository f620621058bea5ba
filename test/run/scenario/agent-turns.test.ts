import { describe, expect, it } from "vitest";
import { tooFewAgentTurns } from "../../../src/run/scenario/agent-turns.js";

describe("tooFewAgentTurns", () => {
  it("flags a trial whose agent answered fewer times than the minimum", () => {
    expect(tooFewAgentTurns(2, 3)).toBe(true);
    expect(tooFewAgentTurns(0, 1)).toBe(true);
  });

  it("accepts a trial that reached the minimum", () => {
    expect(tooFewAgentTurns(3, 3)).toBe(false);
    expect(tooFewAgentTurns(9, 3)).toBe(false);
  });

  it("a minimum of 0 turns the rule off", () => {
    expect(tooFewAgentTurns(0, 0)).toBe(false);
  });
});
