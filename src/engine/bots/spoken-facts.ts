/**
 * How the scripted caller says what it knows, the way the voice guideline
 * asks callers to: in the first person, every code and id spelled one
 * character at a time, and each name said, then spelled. This gives the
 * voice channel real spelled sequences to act on, as a voice caller would.
 */
import { findCodeTokens } from "../channel/codes.js";
import { spellOut } from "../channel/spelling.js";

/** "You are Emma Kim." → "I am Emma Kim."; "Your user id" → "My user id". */
function firstPerson(text: string): string {
  return text
    .replace(/\bYou are\b/g, "I am")
    .replace(/\byou are\b/g, "I am")
    .replace(/\bYour\b/g, "My")
    .replace(/\byour\b/g, "my")
    .replace(/\bYou have\b/g, "I have")
    .replace(/\byou have\b/g, "I have")
    .replace(/\bYou\b/g, "I")
    .replace(/\byourself\b/g, "myself");
}

/** Capitalized words right after "I am", "my name is", "first name is", "last name is": the caller's names. */
const NAME_AFTER = /\b(?:I am|[Mm]y name is|[Ff]irst name is|[Ll]ast name is)\s+((?:[A-Z][a-z'’-]+)(?:\s+[A-Z][a-z'’-]+){0,2})/g;

function spellNames(text: string): string {
  return text.replace(NAME_AFTER, (whole: string, names: string) => {
    const spelled = names
      .split(/\s+/)
      .map((n) => spellOut(n.replace(/[’']/g, "")))
      .join(", and ");
    return `${whole}, spelled ${spelled},`;
  }).replace(/,([.!?])/g, "$1");
}

function spellCodes(text: string): string {
  let out = "";
  let pos = 0;
  for (const c of findCodeTokens(text)) {
    out += text.slice(pos, c.start) + spellOut(c.text);
    pos = c.end;
  }
  return out + text.slice(pos);
}

/** The caller's facts as it says them on the phone. */
export function speakFacts(knownInfo: string): string {
  const oneLine = knownInfo
    .split(/\n+/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => (/[.!?]$/.test(l) ? l : `${l}.`))
    .join(" ");
  return spellCodes(spellNames(firstPerson(oneLine)));
}
