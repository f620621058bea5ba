import type { CatalogEntry } from "../../engine/catalog.js";
import { createOracleAgent, createReplayAgent } from "../../engine/bots/oracle.js";
import { createNoopAgent } from "../../engine/bots/noop.js";
import { createScriptedUser } from "../../engine/bots/scripted-user.js";
import type { Bot } from "../../engine/conversation/types.js";
import type { Rng } from "../../engine/rng.js";
import { findTool } from "../../engine/toolbox.js";
import type { ToolCall } from "../../engine/types.js";
import type { ScenarioJudge } from "../../llm/judge.js";

export const AGENT_KINDS = ["oracle", "llm", "replay", "noop"] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];
export type UserKind = "scripted" | "llm";

/** Builds the bots of one scenario trial; LLM bots plug in through `llm`. */
export interface BotFactory {
  agent(entry: CatalogEntry, rng: Rng): Bot;
  user(entry: CatalogEntry, rng: Rng): Bot;
  /** Grades NL assertions (`--judge-config`); without it they are not applicable. */
  readonly judge?: ScenarioJudge;
}

export interface LlmBotMaker {
  agent(entry: CatalogEntry, rng: Rng): Bot;
  user(entry: CatalogEntry, rng: Rng): Bot;
}

export interface BotChoice {
  readonly agent: AgentKind;
  readonly user: UserKind;
  /** For the replay agent: recorded calls per scenario name. */
  readonly recorded?: ReadonlyMap<string, readonly ToolCall[]>;
  readonly llm?: LlmBotMaker | undefined;
  readonly judge?: ScenarioJudge | undefined;
}

/** Gold data names tools by record name (tau2 snake_case); a model calls them by their LLM name. */
export function asModelCalls(entry: CatalogEntry, calls: readonly ToolCall[]): ToolCall[] {
  return calls.map((c) => {
    const tool = findTool(entry.domain, c.side ?? "agent", c.name, "records");
    return tool ? { ...c, name: tool.name } : c;
  });
}

export function botFactory(choice: BotChoice): BotFactory {
  const needLlm = (): LlmBotMaker => {
    if (!choice.llm) throw new Error("an llm bot was chosen but no LLM configuration was given");
    return choice.llm;
  };
  return {
    ...(choice.judge ? { judge: choice.judge } : {}),
    agent: (entry, rng) => {
      switch (choice.agent) {
        case "noop":
          return createNoopAgent();
        case "oracle":
          return createOracleAgent(asModelCalls(entry, entry.scenario.goldCalls()), entry.scenario.checks?.communicate ?? []);
        case "replay": {
          const calls = choice.recorded?.get(entry.scenario.name);
          if (!calls) throw new Error(`no recorded calls for scenario '${entry.scenario.name}'`);
          return createReplayAgent(asModelCalls(entry, calls));
        }
        case "llm":
          return needLlm().agent(entry, rng);
        default:
          return choice.agent satisfies never;
      }
    },
    user: (entry, rng) => {
      switch (choice.user) {
        case "scripted":
          return createScriptedUser(entry.scenario.user);
        case "llm":
          return needLlm().user(entry, rng);
        default:
          return choice.user satisfies never;
      }
    },
  };
}
