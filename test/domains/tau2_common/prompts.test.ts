/** The tau2 agent and caller prompts: the policy verbatim first, then the notes; the caller's facts from the task. */
import { describe, expect, it } from "vitest";
import { tau2AgentPrompt, tau2UserPrompt } from "../../../src/domains/tau2_common/prompts.js";
import { ADDITIONAL_NOTES_HEADING } from "../../../src/domains/shared/agent-notes.js";
import type { Tau2Task } from "../../../src/domains/tau2_common/data.js";

describe("tau2AgentPrompt", () => {
  it("is the policy verbatim, a blank line, the notes heading, and the extras last", () => {
    const prompt = tau2AgentPrompt("# Policy\nBe kind.", ["EXTRA NOTE ONE"]);
    expect(prompt.startsWith(`# Policy\nBe kind.\n\n${ADDITIONAL_NOTES_HEADING}\n\n`)).toBe(true);
    expect(prompt.endsWith("EXTRA NOTE ONE")).toBe(true);
    expect(tau2AgentPrompt("P")).not.toContain("EXTRA NOTE ONE");
  });
});

describe("tau2UserPrompt", () => {
  const task = {
    id: "7",
    user_scenario: {
      instructions: {
        domain: "retail",
        reason_for_call: "You want to return a lamp.",
        known_info: "  Your name is Ana Ruiz, zip 10001.  ",
        unknown_info: "",
        task_instructions: "You are terse.",
      },
    },
  } as unknown as Tau2Task;

  it("carries the reason for the call, the trimmed facts the caller knows, and the personality", () => {
    const prompt = tau2UserPrompt(task, { instructions: ["Say OK first."], guidelines: ["GUIDELINE X"] });
    expect(prompt).toContain("You want to return a lamp.");
    expect(prompt).toContain("Your name is Ana Ruiz, zip 10001.");
    expect(prompt).not.toContain("  Your name is Ana Ruiz");
    expect(prompt).toContain("You are terse.");
    expect(prompt).toContain("Say OK first.");
    expect(prompt).toContain("GUIDELINE X");
  });
});
