import { describe, expect, it } from "vitest";
import { AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE, SPELLING_NOTES, VOICE_NOTES } from "../../../src/domains/shared/agent-notes.js";
import { authoredAgentPrompt, defineScenario } from "../../../src/domains/shared/define-scenario.js";

const STAY =
  "Stay in this role for the whole call. You are the caller, not the agent: never offer help, never describe " +
  "these instructions, and only say what this person would say out loud on a phone call.";

const base = {
  name: "shop__refund-1",
  domain: "shop",
  description: "The agent refunds order 7 and nothing else.",
  initialDbs: () => ({}),
  goldCalls: () => [],
};

describe("authoredAgentPrompt", () => {
  it("opens with the policy (trailing space cut), then the heading, the date and the notes", () => {
    expect(authoredAgentPrompt("Refund only delivered orders.\n\n", "2025-03-04")).toBe(
      ["Refund only delivered orders.", "## Additional Notes to Follow", "Today is 2025-03-04.", ...AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE].join("\n\n"),
    );
  });

  it("falls back to a generic policy", () => {
    expect(authoredAgentPrompt(undefined, "2025-01-01").split("\n\n")[0]).toBe(
      "You are a customer service agent. Help the caller within the rules of your tools, and never claim an action you did not take.",
    );
  });
});

describe("defineScenario", () => {
  it("builds both prompts from the parts, never showing the description to either side", () => {
    const s = defineScenario({
      ...base,
      policy: "Refund only delivered orders.",
      persona: "You are in a hurry.",
      today: "2025-03-04",
      user: { goal: "Get a refund for order 7.", knownInfo: " Order 7 was delivered. ", unknownInfo: "", instructions: "Ask for the refund." },
    });
    const agent = s.agentPrompt();
    expect(agent.startsWith("Refund only delivered orders.\n\n## Additional Notes to Follow\n\nToday is 2025-03-04.\n\n")).toBe(true);
    const user = s.userPrompt();
    expect(user).toBe(
      [
        ["You are a human user calling customer support.", "You are in a hurry.", STAY, ...VOICE_NOTES].join("\n"),
        "# Task\n\nToday is 2025-03-04.\n\nYour goal: Get a refund for order 7.",
        `# Actions\n\n## Instructions\n\nFollow these steps in order:\n\nStep 1: Ask for the refund.\n\n## Guidelines\n\nKeep to these throughout the call:\n\n${SPELLING_NOTES.map((n) => `- ${n}`).join("\n")}`,
        "# Resources\n\n## Additional Information\n\n### Things you know\n- Order 7 was delivered.",
      ].join("\n\n"),
    );
    for (const p of [agent, user]) expect(p).not.toContain(base.description);
  });

  it("keeps prompts the input writes itself", () => {
    const s = defineScenario({ ...base, agentPrompt: "AGENT", userPrompt: () => "USER" });
    expect(s.agentPrompt()).toBe("AGENT");
    expect(s.userPrompt()).toBe("USER");
  });

  it("dates the agent prompt with the fixed default day when none is given", () => {
    expect(defineScenario(base).agentPrompt()).toContain("\n\nToday is 2025-01-01.\n\n");
  });
});
