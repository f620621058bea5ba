import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import type { Bot } from "../../../src/engine/conversation/types.js";
import { endConversationTool } from "../../../src/engine/end-conversation.js";
import { createRng } from "../../../src/engine/rng.js";
import type { ScenarioJudge } from "../../../src/llm/judge.js";
import { asModelCalls, botFactory } from "../../../src/run/bots/factory.js";
import { tinyDomain } from "../../helpers/tiny-domain.js";

const domain = tinyDomain("stock", [endConversationTool]);
const entry: CatalogEntry = { domain, scenario: domain.scenarios("")[0]! };
const rng = createRng(1);

describe("asModelCalls", () => {
  it("renames calls given by a record name or alias to the tool's LLM name, and leaves unknown names alone", () => {
    const calls = asModelCalls(entry, [
      { name: "end_conversation", arguments: {} },
      { name: "get_item", arguments: { item_id: "I1" } },
      { name: "no_such_tool", arguments: {}, side: "agent" },
    ]);
    expect(calls).toEqual([
      { name: "EndConversationTool", arguments: {} },
      { name: "get_item", arguments: { item_id: "I1" } },
      { name: "no_such_tool", arguments: {}, side: "agent" },
    ]);
  });
});

describe("botFactory", () => {
  it("builds the chosen built-in agents and the scripted user", () => {
    expect(botFactory({ agent: "oracle", user: "scripted" }).agent(entry, rng).name).toBe("oracle");
    expect(botFactory({ agent: "noop", user: "scripted" }).agent(entry, rng).name).toBe("noop");
    const recorded = new Map([[entry.scenario.name, [{ name: "get_item", arguments: { item_id: "I1" } }]]]);
    expect(botFactory({ agent: "replay", user: "scripted", recorded }).agent(entry, rng).name).toBe("replay");
  });

  it("a replay agent without a recording for the scenario, or an llm bot without a configuration, is an error naming it", () => {
    expect(() => botFactory({ agent: "replay", user: "scripted", recorded: new Map() }).agent(entry, rng)).toThrow("no recorded calls for scenario 'stock__one'");
    expect(() => botFactory({ agent: "llm", user: "scripted" }).agent(entry, rng)).toThrow("an llm bot was chosen but no LLM configuration was given");
    expect(() => botFactory({ agent: "oracle", user: "llm" }).user(entry, rng)).toThrow("an llm bot was chosen but no LLM configuration was given");
  });

  it("llm bots come from the maker it is given, with the trial's rng; the judge is passed through", () => {
    const seen: string[] = [];
    const bot = (name: string): Bot => ({ name }) as unknown as Bot;
    const llm = {
      agent: (e: CatalogEntry, r: unknown): Bot => (seen.push(`agent ${e.scenario.name} ${r === rng}`), bot("llm-agent")),
      user: (e: CatalogEntry, r: unknown): Bot => (seen.push(`user ${e.scenario.name} ${r === rng}`), bot("llm-user")),
    };
    const judge = {} as ScenarioJudge;
    const f = botFactory({ agent: "llm", user: "llm", llm, judge });
    expect(f.agent(entry, rng).name).toBe("llm-agent");
    expect(f.user(entry, rng).name).toBe("llm-user");
    expect(seen).toEqual(["agent stock__one true", "user stock__one true"]);
    expect(f.judge).toBe(judge);
    expect(botFactory({ agent: "oracle", user: "scripted" })).not.toHaveProperty("judge");
  });
});
