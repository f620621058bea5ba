import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineDomain, scenarioFromInput } from "../../src/engine/define.js";
import { endConversationTool } from "../../src/engine/end-conversation.js";
import { defineTool } from "../../src/engine/types.js";

const ping = defineTool({ name: "ping", description: "Ping.", args: z.object({}), kind: "read", run: () => "pong" });

describe("defineDomain", () => {
  it("fills in tau2-style defaults and gives the agent EndConversationTool", () => {
    const d = defineDomain({ name: "desk", tools: { agent: [ping] }, scenarios: () => [] });
    expect(d.unknownArgs).toBe("reject");
    expect(d.tools.agent).toEqual([ping, endConversationTool]);
    expect(d.tools.user).toBeUndefined();
    expect(d.argumentError(ping, [{ loc: ["x"], type: "missing", msg: "Field required", input: {} }])).toEqual({
      status: "error",
      error_type: "validation_error",
      message: "Tool arguments failed validation.",
      details: [{ field: "x", error: "Field required", type: "missing" }],
    });
  });

  it("keeps what the input says", () => {
    const d = defineDomain({ name: "desk", tools: { agent: [ping, endConversationTool], user: [ping] }, unknownArgs: "drop", scenarios: () => [] });
    expect(d.unknownArgs).toBe("drop");
    expect(d.tools.agent).toHaveLength(2);
    expect(d.tools.user).toEqual([ping]);
  });

  it("refuses a name the CLI could not select", () => {
    expect(() => defineDomain({ name: "My Desk", tools: { agent: [] }, scenarios: () => [] })).toThrow(/domain name "My Desk"/);
  });
});

describe("scenarioFromInput", () => {
  it("splits the name into bucket and id and defaults the rest", () => {
    const s = scenarioFromInput({ name: "desk__late_checkout", domain: "desk", description: "late checkout", initialDbs: () => ({ agent: {} }), goldCalls: () => [] });
    expect([s.bucket, s.upstreamId, s.today, s.todayFromClock]).toEqual(["desk", "late_checkout", "2025-01-01", false]);
    expect(s.successSignals).toEqual(["db_state_match", "clean_exit"]);
    expect(s.shippedExpectedDb()).toBeUndefined();
    expect(s.user.goal).toBe("late checkout");
    // The description says what a correct agent does: it never reaches the agent.
    expect(s.agentPrompt()).not.toContain("late checkout");
    expect(s.agentPrompt()).toContain("Today is 2025-01-01.");
  });

  it("refuses a name without <bucket>__<id>", () => {
    expect(() => scenarioFromInput({ name: "desk", domain: "desk", description: "", initialDbs: () => ({}), goldCalls: () => [] })).toThrow(/expected <bucket>__<id>/);
  });
});
