/**
 * Prompt parity: every rule the voice harness's notes give the model, listed
 * here by what it says, must be in evalsim's prompts for each domain and side
 * (in evalsim's own words). Each rule is checked by the phrases that carry it.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../../src/domains/index.js";
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import { loadCatalog } from "../../../src/engine/catalog.js";
import type { Side } from "../../../src/engine/types.js";

interface Rule {
  readonly id: string;
  readonly sides: readonly Side[];
  /** Buckets the rule applies to; all when absent. */
  readonly buckets?: readonly string[];
  readonly phrases: readonly RegExp[];
}

const BOTH: readonly Side[] = ["agent", "user"];
const TELECOM = ["tau2_telecom", "tau2_telecom_workflow"];

const RULES: readonly Rule[] = [
  // The spoken-style prompt (both sides: the agent's notes, the caller's persona).
  { id: "text goes verbatim to a speech engine that reads every character", sides: BOTH, phrases: [/text-to-speech engine/, /reads every character aloud, formatting characters included/] },
  { id: "short, conversational replies", sides: BOTH, phrases: [/short and conversational/] },
  {
    id: "no Markdown, item by item",
    sides: BOTH,
    phrases: [/Never use Markdown/, /asterisks around words for bold or emphasis/, /underscores around words/, /backticks/, /pound signs that start a heading/, /a dash or an asterisk at the start of a line/, /a number and a period at the start of a line/, /square or angle brackets for links or tags/],
  },
  { id: "lists in spoken prose, never line-start markers", sides: BOTH, phrases: [/say them in a sentence/, /count them out loud/, /Option one/, /Never put a list on separate lines/] },
  { id: "those characters are allowed inside identifiers, spelled literally", sides: BOTH, phrases: [/fine when they belong to an identifier/, /#W2378156/, /\*123/, /a\.b@c\.com/] },
  { id: "a symbol named as a word, never the character", sides: BOTH, phrases: [/pound key/, /hash sign/, /star key/, /percent sign/, /ampersand/, /never the character/] },
  { id: "standard sentence punctuation", sides: BOTH, phrases: [/punctuate normally/] },
  { id: "no emoji", sides: BOTH, phrases: [/emoji/] },
  { id: "never fabricate; say what you do not know", sides: BOTH, phrases: [/Never make anything up/, /say so honestly instead of inventing it/] },
  // The alphanumeric-spelling rule (the agent's notes, the caller's first guidelines).
  { id: "spell identifiers one character at a time, digits as words", sides: BOTH, phrases: [/one character at a time/, /digits as words/, /zip codes/, /phone numbers/, /email addresses/] },
  { id: "symbols inside a spelled code are spoken as words", sides: BOTH, phrases: [/"_" is "underscore"/, /"-" is "dash"/, /"@" is "at"/, /"\." is "dot"/, /"#" is "hash"/, /"\*" is "star"/] },
  { id: "never as a word, never skipping the symbols", sides: BOTH, phrases: [/Never say a code as if it were a word/, /never leave out its symbols/] },
  { id: "the examples are pronunciations, not templates", sides: BOTH, phrases: [/they are not replies to copy/] },
  { id: "never the canonical code next to its spelled form", sides: BOTH, phrases: [/Say only the spelled-out form/, /Never put the written code next to its spelling/, /whether it has digits, letters or both/] },
  { id: "proper names may be said, then spelled", sides: BOTH, phrases: [/Proper names are the exception/, /say the name and then spell it/] },
  // Agent-only call handling.
  { id: "end with EndConversationTool only after goodbyes, or after a transfer", sides: ["agent"], phrases: [/`EndConversationTool`/, /needs anything else/, /said goodbye/, /Ending earlier counts as a failure/, /transferred the caller/] },
  { id: "done means a tool did it", sides: ["agent"], phrases: [/a tool call actually performed it/, /not what was discussed/, /planned, attempted or left unconfirmed/] },
  { id: "stay in the caller's role", sides: ["user"], phrases: [/Stay in this role for the whole call/] },
  // Domain notes.
  { id: "today's date", sides: ["agent"], buckets: ["eva_airline"], phrases: [/Today is \d{4}-\d{2}-\d{2}\./] },
  { id: "journey IDs are for tools only", sides: ["agent"], buckets: ["eva_airline"], phrases: [/journey IDs/, /never read them to the caller/] },
  { id: "which tools are the agent's and which are on the phone", sides: ["agent"], buckets: TELECOM, phrases: [/- `get_details_by_id`/, /- `toggle_airplane_mode`/, /`unknown_tool`/] },
  { id: "stay on the reported problem", sides: ["agent"], buckets: TELECOM, phrases: [/Work on the problem the caller reported/, /overdue bill/] },
  {
    id: "US home network; always ask where the caller is, then check roaming",
    sides: ["agent"],
    buckets: TELECOM,
    phrases: [/United States/, /10-digit US numbers/, /always ask where the caller is right now before you check anything else/, /rarely say so unprompted/, /check roaming first, straight away/, /`get_details_by_id`/, /`roaming_enabled`/, /ask whether they want it turned on/, /`enable_roaming`/],
  },
  { id: "describe, follow one tool per request, report, close", sides: ["user"], buckets: TELECOM, phrases: [/Step 1: Greet the agent/, /one tool per request/, /tell the agent what the tool showed/, /When the problem is gone/] },
  { id: "passive tool use, grounded in the last result", sides: ["user"], buckets: TELECOM, phrases: [/only right after the agent asks you/, /latest tool call returned/, /never speak the agent's lines/] },
];

const catalog = loadCatalog(registry, {});
const buckets = [...new Set(catalog.entries.map((e) => e.scenario.bucket))];
const promptOf = (e: CatalogEntry, side: Side): string => (side === "agent" ? e.scenario.agentPrompt() : e.scenario.userPrompt());

describe("prompt parity: the reference's rules in every domain and side", () => {
  it("covers the five buckets", () => {
    expect(buckets.sort()).toEqual(["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom", "tau2_telecom_workflow"]);
  });

  for (const bucket of buckets) {
    const first = catalog.entries.find((e) => e.scenario.bucket === bucket) as CatalogEntry;
    for (const side of BOTH) {
      const rules = RULES.filter((r) => r.sides.includes(side) && (!r.buckets || r.buckets.includes(bucket)));
      it.each(rules.map((r) => [r.id, r] as const))(`${bucket} ${side}: %s`, (_id, rule) => {
        const text = promptOf(first, side);
        for (const phrase of rule.phrases) expect(text, `${first.scenario.name} ${side} prompt`).toMatch(phrase);
      });
    }
  }

  it("every one of the 442 caller prompts carries the rule against fabricating facts", () => {
    const without = catalog.entries.filter((e) => !/Never make anything up/.test(e.scenario.userPrompt())).map((e) => e.scenario.name);
    expect(without).toEqual([]);
    expect(catalog.entries).toHaveLength(442);
  });

  it("tau2 callers get 'Things you know' and 'Things you don't know' only when the task has them", () => {
    const retail = catalog.byName.get("tau2_retail__16")?.scenario.userPrompt() ?? "";
    expect(retail).toContain("### Things you know\n- ");
    expect(retail).toMatch(/### Things you don't know\n- You do not remember your email address/);
    const airline = catalog.byName.get("tau2_airline__0")?.scenario.userPrompt() ?? "";
    expect(airline).toContain("### Things you know");
    expect(airline).not.toContain("### Things you don't know");
  });
});
