import { describe, expect, it } from "vitest";
import {
  ADDITIONAL_NOTES_HEADING,
  AGENT_NOTES,
  END_CALL_NOTE,
  HONEST_EXECUTION_NOTE,
  joinSections,
  NO_FABRICATION_NOTE,
  NO_MARKDOWN_NOTE,
  PROPER_NAME_NOTE,
  SPELL_IDENTIFIERS_NOTE,
  SPELLED_FORM_ONLY_NOTE,
  SPELLING_NOTES,
  SPOKEN_LISTS_NOTE,
  SPOKEN_STYLE_NOTE,
  SYMBOL_NAMES_NOTE,
  VOICE_NOTES,
} from "../../../src/domains/shared/agent-notes.js";

describe("agent notes", () => {
  it("joins prompt sections with one blank line", () => {
    expect(joinSections(["a", "b\nc", "d"])).toBe("a\n\nb\nc\n\nd");
    expect(joinSections([])).toBe("");
  });

  it("orders the voice notes, then the spelling rule, for every agent", () => {
    expect(VOICE_NOTES).toEqual([SPOKEN_STYLE_NOTE, NO_MARKDOWN_NOTE, SPOKEN_LISTS_NOTE, SYMBOL_NAMES_NOTE, NO_FABRICATION_NOTE]);
    expect(SPELLING_NOTES).toEqual([SPELL_IDENTIFIERS_NOTE, SPELLED_FORM_ONLY_NOTE, PROPER_NAME_NOTE]);
    expect(AGENT_NOTES).toEqual([...VOICE_NOTES, ...SPELLING_NOTES]);
  });

  it("uses eva's heading for the notes section", () => {
    expect(ADDITIONAL_NOTES_HEADING).toBe("## Additional Notes to Follow");
  });

  it("keeps each note one paragraph, so joinSections lays out one note per section", () => {
    for (const note of [...AGENT_NOTES, END_CALL_NOTE, HONEST_EXECUTION_NOTE]) {
      expect(note).not.toMatch(/\n/);
      expect(note).toBe(note.trim());
    }
  });

  it("names the end-call tool the agent is given", () => {
    expect(END_CALL_NOTE.startsWith("End the call with `EndConversationTool`,")).toBe(true);
  });

  it("spells the sample codes the way the rule says (one character at a time)", () => {
    // Each sample spelling in the note, checked against a plain character-by-character reading.
    const say: Record<string, string> = { "#": "hash", "*": "star", _: "underscore", "-": "dash" };
    const digits = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    const spell = (code: string): string => [...code].map((c) => say[c] ?? (/\d/.test(c) ? digits[Number(c)] : c.toUpperCase())).join(", ");
    for (const code of ["SK123", "LAX", "4Q7ZB", "#W2378156", "*123", "jo_lee_12", "555-123-4567"]) {
      expect(SPELL_IDENTIFIERS_NOTE).toContain(`${code} is ${spell(code)}`);
    }
  });
});
