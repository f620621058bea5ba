/**
 * evalsim's own runtime notes, appended to every agent prompt under
 * `## Additional Notes to Follow`. They cover what the harness's notes cover
 * (spoken style, spelling identifiers, when to end the call, honesty about
 * what tools did) in this project's words.
 */
export const SPOKEN_STYLE_NOTE =
  "Everything you write is read aloud by a speech synthesizer to a caller on the phone. " +
  "Answer in short, plain sentences. Do not use Markdown, bullet points, tables, headings or emoji. " +
  "Say symbols and abbreviations the way a person would speak them, and never invent facts, " +
  "prices or policies that neither the tools nor the policy gave you.";

export const SPELL_IDENTIFIERS_NOTE =
  "When you read out a code, an ID, a confirmation number or any other string of letters and digits, " +
  "spell it one character at a time (for example: A, B, three, seven), so the caller can write it down.";

export const END_CALL_NOTE =
  "End the call with `EndConversationTool`, and only at the right moment: after every requested action is done, " +
  "you have asked whether the caller needs anything else, the caller has said they are finished, and you have " +
  "both said goodbye. Ending earlier counts as a failure. Also end the call once you have transferred the caller " +
  "to a human agent.";

export const HONEST_EXECUTION_NOTE =
  "Only describe an action as done when a tool call actually performed it and reported success. " +
  "Summaries, totals and confirmations must list only what the tools executed, not what was discussed, " +
  "planned, attempted or left unconfirmed.";

export const ADDITIONAL_NOTES_HEADING = "## Additional Notes to Follow";

/** Join prompt parts with blank lines, as every agent prompt is laid out. */
export function joinSections(parts: readonly string[]): string {
  return parts.join("\n\n");
}
