import { ADDITIONAL_NOTES_HEADING, AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE, joinSections } from "../shared/agent-notes.js";
import { CALLER_GUIDELINES, renderUserPrompt } from "../shared/user-prompt.js";
import type { Tau2Task } from "./data.js";
import { userInstructions } from "./data.js";

/** The policy verbatim, then evalsim's additional notes, then any domain extras. */
export function tau2AgentPrompt(policy: string, extras: readonly string[] = []): string {
  return (
    policy +
    `\n\n${ADDITIONAL_NOTES_HEADING}\n\n` +
    joinSections([...AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE, ...extras])
  );
}

export interface Tau2UserPromptExtras {
  readonly instructions?: readonly string[];
  readonly guidelines?: readonly string[];
}

/** The caller's prompt from `user_scenario.instructions`. */
export function tau2UserPrompt(task: Tau2Task, extras: Tau2UserPromptExtras = {}): string {
  const ins = userInstructions(task);
  const known = ins.known_info?.trim();
  const unknown = ins.unknown_info?.trim();
  return renderUserPrompt({
    role: "human user calling customer support",
    personality: ins.task_instructions ?? undefined,
    goal: ins.reason_for_call,
    instructions: extras.instructions ?? [],
    guidelines: [...CALLER_GUIDELINES, ...(extras.guidelines ?? [])],
    infoSections: [
      { heading: "Things you know", lines: known ? [known] : [] },
      { heading: "Things you don't know", lines: unknown ? [unknown] : [] },
    ],
  });
}
