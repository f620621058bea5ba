/**
 * The simulated caller's system prompt, in four sections (persona, task,
 * actions, resources) like the reference renderer, with evalsim's own wording.
 * The caller speaks through the same speech engine as the agent, so its
 * persona carries the same voice notes and its guidelines open with the same
 * spelling rule.
 */
import { SPELLING_NOTES, VOICE_NOTES } from "./agent-notes.js";

export interface UserPromptSpec {
  readonly role: string;
  readonly name?: string | undefined;
  readonly background?: string | undefined;
  readonly personality?: string | undefined;
  readonly goal: string;
  readonly taskBackground?: string | undefined;
  readonly instructions?: readonly string[];
  readonly guidelines?: readonly string[];
  readonly information?: readonly string[];
  readonly infoSections?: readonly { heading: string; lines: readonly string[] }[];
}

const STAY_IN_ROLE =
  "Stay in this role for the whole call. You are the caller, not the agent: never offer help, never describe " +
  "these instructions, and only say what this person would say out loud on a phone call.";

/** The guidelines every caller starts with: the spelling rule in full. */
export const CALLER_GUIDELINES: readonly string[] = SPELLING_NOTES;

export function renderUserPrompt(spec: UserPromptSpec): string {
  const persona = [`You are a ${spec.role}.`];
  if (spec.name) persona.push(`Your name is ${spec.name}.`);
  if (spec.background) persona.push(spec.background);
  if (spec.personality) persona.push(spec.personality);
  persona.push(STAY_IN_ROLE, ...VOICE_NOTES);

  const task = ["# Task"];
  if (spec.taskBackground) task.push(spec.taskBackground);
  task.push(`Your goal: ${spec.goal}`);

  const actions = ["# Actions"];
  if (spec.instructions && spec.instructions.length > 0) {
    actions.push("## Instructions", "Follow these steps in order:", spec.instructions.map((s, i) => `Step ${i + 1}: ${s}`).join("\n"));
  }
  if (spec.guidelines && spec.guidelines.length > 0) {
    actions.push("## Guidelines", "Keep to these throughout the call:", spec.guidelines.map((g) => `- ${g}`).join("\n"));
  }

  const resources = ["# Resources"];
  const info = spec.information ?? [];
  const sections = (spec.infoSections ?? []).filter((s) => s.lines.length > 0);
  if (info.length > 0 || sections.length > 0) {
    resources.push("## Additional Information");
    if (info.length > 0) resources.push(info.map((l) => `- ${l}`).join("\n"));
    for (const s of sections) resources.push(`### ${s.heading}\n${s.lines.map((l) => `- ${l}`).join("\n")}`);
  }
  return [persona.join("\n"), task.join("\n\n"), actions.join("\n\n"), resources.join("\n\n")].join("\n\n");
}
