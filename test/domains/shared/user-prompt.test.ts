import { describe, expect, it } from "vitest";
import { SPELLING_NOTES, VOICE_NOTES } from "../../../src/domains/shared/agent-notes.js";
import { CALLER_GUIDELINES, renderUserPrompt } from "../../../src/domains/shared/user-prompt.js";

const STAY =
  "Stay in this role for the whole call. You are the caller, not the agent: never offer help, never describe " +
  "these instructions, and only say what this person would say out loud on a phone call.";

describe("renderUserPrompt", () => {
  it("lays out persona, task, actions and resources", () => {
    const text = renderUserPrompt({
      role: "frequent flyer",
      name: "Ana Ruiz",
      background: "You live in Lima.",
      personality: "You are terse.",
      goal: "Cancel flight HAT001.",
      taskBackground: "Today is 2024-05-15.",
      instructions: ["Ask to cancel.", "Accept a refund."],
      guidelines: ["Be polite."],
      information: ["Your user id is ana_1."],
      infoSections: [
        { heading: "Things you know", lines: ["Booking ABC123."] },
        { heading: "Empty", lines: [] },
      ],
    });
    const persona = ["You are a frequent flyer.", "Your name is Ana Ruiz.", "You live in Lima.", "You are terse.", STAY, ...VOICE_NOTES].join("\n");
    expect(text).toBe(
      [
        persona,
        "# Task\n\nToday is 2024-05-15.\n\nYour goal: Cancel flight HAT001.",
        "# Actions\n\n## Instructions\n\nFollow these steps in order:\n\nStep 1: Ask to cancel.\nStep 2: Accept a refund.\n\n## Guidelines\n\nKeep to these throughout the call:\n\n- Be polite.",
        "# Resources\n\n## Additional Information\n\n- Your user id is ana_1.\n\n### Things you know\n- Booking ABC123.",
      ].join("\n\n"),
    );
  });

  it("leaves out what the spec does not give, keeping the four headings", () => {
    const text = renderUserPrompt({ role: "caller", goal: "Ask a question.", infoSections: [{ heading: "Nothing", lines: [] }] });
    expect(text).toBe([["You are a caller.", STAY, ...VOICE_NOTES].join("\n"), "# Task\n\nYour goal: Ask a question.", "# Actions", "# Resources"].join("\n\n"));
  });

  it("gives every caller the spelling rule in full as its guidelines", () => {
    expect(CALLER_GUIDELINES).toEqual(SPELLING_NOTES);
  });
});
