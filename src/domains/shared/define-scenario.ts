/**
 * `defineScenario` as the public API offers it: a scenario whose prompts,
 * when the input does not write them, are built from its parts the way the
 * built-in domains build theirs. The agent gets the policy, the date and the
 * notes every agent gets, never the description (which says what a correct
 * agent does); the caller gets a persona, the goal, what it knows and does
 * not know, and the date. `graderNotes` reach no prompt.
 */
import { scenarioFromInput, type ScenarioInput } from "../../engine/define.js";
import type { Scenario } from "../../engine/scenario.js";
import { ADDITIONAL_NOTES_HEADING, AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE, joinSections } from "./agent-notes.js";
import { CALLER_GUIDELINES, renderUserPrompt } from "./user-prompt.js";

const DEFAULT_POLICY = "You are a customer service agent. Help the caller within the rules of your tools, and never claim an action you did not take.";

/** The agent's prompt: policy, then the notes and the date as eva's prompt gives them. */
export function authoredAgentPrompt(policy: string | undefined, today: string): string {
  return joinSections([(policy ?? DEFAULT_POLICY).trimEnd(), ADDITIONAL_NOTES_HEADING, `Today is ${today}.`, ...AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE]);
}

/** The caller's prompt in the four sections the built-in callers have. */
export function authoredUserPrompt(scenario: Scenario, persona: string | undefined): string {
  const u = scenario.user;
  const known = u.knownInfo.trim();
  const unknown = u.unknownInfo.trim();
  const steps = u.instructions.trim();
  return renderUserPrompt({
    role: "human user calling customer support",
    personality: persona,
    taskBackground: `Today is ${scenario.today}.`,
    goal: u.goal,
    instructions: steps ? [steps] : [],
    guidelines: CALLER_GUIDELINES,
    infoSections: [
      { heading: "Things you know", lines: known ? [known] : [] },
      { heading: "Things you don't know", lines: unknown ? [unknown] : [] },
    ],
  });
}

/** A scenario of a plugin domain from its authored fields; prompts the input does not write are built from its parts as the built-in domains build theirs. */
export function defineScenario(input: ScenarioInput): Scenario {
  const bare = scenarioFromInput(input);
  return {
    ...bare,
    agentPrompt: input.agentPrompt === undefined ? () => authoredAgentPrompt(input.policy, bare.today) : bare.agentPrompt,
    userPrompt: input.userPrompt === undefined ? () => authoredUserPrompt(bare, input.persona) : bare.userPrompt,
  };
}
