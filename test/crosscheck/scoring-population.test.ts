/**
 * The scoring family's generated outcomes: seeded, and covering every
 * signal's edge the issue lists (no turns, fewer than min_agent_turns, a
 * judge error, missing verdicts, non-bool composites).
 */
import { describe, expect, it } from "vitest";
import { population, referenceOutcome } from "../../src/crosscheck/scoring-population.js";

describe("the generated outcome population", () => {
  const outcomes = population(1, 400, 3);

  it("is the same for the same seed and differs for another", () => {
    expect(JSON.stringify(population(1, 400, 3))).toBe(JSON.stringify(outcomes));
    expect(JSON.stringify(population(2, 400, 3))).not.toBe(JSON.stringify(outcomes));
  });

  it("covers the turn counts around min_agent_turns, and marks the stalled ones failed", () => {
    const turns = new Set(outcomes.map((o) => o.agentTurns));
    for (const t of [0, 2, 3, 4]) expect(turns.has(t)).toBe(true);
    for (const o of outcomes.filter((x) => x.agentTurns < 3)) expect(o.metrics).toMatchObject({ is_successful: false, insufficient_agent_turns: true });
    for (const o of outcomes.filter((x) => x.agentTurns >= 3)) expect(o.metrics["insufficient_agent_turns"]).toBeUndefined();
  });

  it("covers each signal passed, failed and not applicable, judge errors and N/A composites", () => {
    for (const sig of ["is_action_match", "db_state_match", "db_state_assertion", "nl_assertion", "judge_passed"] as const) {
      expect(new Set(outcomes.map((o) => o.verdicts[sig]))).toEqual(new Set([true, false, null]));
    }
    expect(outcomes.some((o) => o.composite === "N/A")).toBe(true);
    expect(outcomes.some((o) => o.metrics["judge_score"] === null)).toBe(true);
    expect(outcomes.every((o) => o.whitelist.length > 0)).toBe(true);
  });

  it("writes the NL fields a judged run writes, and hands the reference the verdicts it reads from judge_result.json", () => {
    const judged = outcomes.find((o) => o.nlVerdicts !== null && o.nlVerdicts.includes(false));
    expect(judged).toBeDefined();
    const v = judged?.nlVerdicts ?? [];
    expect(judged?.metrics).toMatchObject({ nl_assertion_total: v.length, nl_assertion_pass_count: v.filter(Boolean).length, nl_assertion_pass_rate: v.filter(Boolean).length / v.length });
    expect(referenceOutcome(judged as NonNullable<typeof judged>)).toMatchObject({ nl_verdicts: v, whitelist: judged?.whitelist });
    const unjudged = outcomes.find((o) => o.nlVerdicts === null);
    expect(unjudged?.metrics["nl_assertion_pass_rate"]).toBeUndefined();
  });
});
