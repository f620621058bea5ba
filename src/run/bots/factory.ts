import type { CatalogEntry } from "../../engine/catalog.js";
import { createOracleAgent, createReplayAgent } from "../../engine/bots/oracle.js";
import { createNoopAgent } from "../../engine/bots/noop.js";
import { createScriptedUser } from "../../engine/bots/scripted-user.js";
import type { Bot } from "../../engine/conversation/types.js";
import type { Rng } from "../../engine/rng.js";
import { findTool } from "../../engine/toolbox.js";
import type { ToolCall } from "../../engine/types.js";
import type { ScenarioJudge } from "../../llm/judge.js";
import { canonicalJson } from "../../hash/db/canonical.js";

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

const callKey = (c: ToolCall): string => `${c.side ?? "agent"} ${c.name} ${canonicalJson(c.arguments)}`;

/**
 * A recording that is exactly the scenario's gold list (a replayed oracle run,
 * or the gold calls as a calls file) is judged as the oracle is: a gold list
 * holds only the graded calls, so rules that need the whole conversation
 * cannot judge it, and the replay reproduces the oracle run's tree.
 */
function isGoldList(calls: readonly ToolCall[], gold: readonly ToolCall[]): boolean {
  return calls.length === gold.length && calls.every((c, i) => callKey(c) === callKey(gold[i] as ToolCall));
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
          const asModel = asModelCalls(entry, calls);
          const agent = createReplayAgent(asModel);
          return isGoldList(asModel, asModelCalls(entry, entry.scenario.goldCalls())) ? { ...agent, playsGoldCalls: true } : agent;
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
          // A replayed conversation ends when the replay agent's recorded calls are spent, never on the caller's patience.
          return createScriptedUser(entry.scenario.user, choice.agent === "replay" ? { maxIdleReplies: Infinity } : {});
        case "llm":
          return needLlm().user(entry, rng);
        default:
          return choice.user satisfies never;
      }
    },
  };
}
