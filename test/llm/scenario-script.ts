/**
 * Mock-endpoint scripts that play a scenario: the agent replays the
 * scenario's gold calls as tool calls and then calls EndConversationTool; the
 * user answers with one fixed line naming the scenario (so one server can
 * serve several scenarios: the agent's script is picked from that line).
 */
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { asModelCalls } from "../../src/run/bots/factory.js";
import type { Body, MockAnswer, ReplySpec, Script } from "./mock-openai.js";
import { assistantCount, completion, isAgentRequest } from "./mock-openai.js";

export const GREETING = "Thank you for calling. How can I help you today?";
export const userLine = (scenario: string): string => `Hello, I am calling about ${scenario}.`;

/** Greeting, one reply per gold call, then goodbye with EndConversationTool. */
export function goldSteps(entry: CatalogEntry): ReplySpec[] {
  const calls = asModelCalls(entry, entry.scenario.goldCalls()).filter((c) => (c.side ?? "agent") === "agent");
  return [
    { content: GREETING },
    ...calls.map((c, i) => ({ calls: [{ id: `gold_${i}`, name: c.name, arguments: JSON.stringify(c.arguments) }] })),
    { content: "Thank you for calling. Goodbye!", calls: [{ id: "end", name: "EndConversationTool", arguments: "{}" }] },
  ];
}

/** The scenario an agent request is about (from the user's first line in its history). */
export function scenarioOf(body: Body): string | undefined {
  const first = body.messages.find((m, i) => i > 1 && m.role === "user");
  return /calling about (\S+)\.$/.exec(first?.content ?? "")?.[1];
}

export interface PlayOptions {
  /** Steps per scenario name (default: `goldSteps`). */
  readonly steps: ReadonlyMap<string, ReplySpec[]>;
  /** Map a user prompt back to its scenario. */
  readonly userPrompts: ReadonlyMap<string, string>;
  /** Override the answer for some requests (faults). */
  readonly fault?: (body: Body, n: number) => MockAnswer | undefined;
}

export function playScenarios(o: PlayOptions): Script {
  return (body, n) => {
    const fault = o.fault?.(body, n);
    if (fault) return fault;
    if (!isAgentRequest(body)) {
      const name = o.userPrompts.get(body.messages[0]?.content ?? "") ?? "unknown";
      return completion({ content: userLine(name), usage: { prompt_tokens: 50, completion_tokens: 5 } });
    }
    if (assistantCount(body) === 0) return completion(o.steps.values().next().value?.[0] ?? { content: GREETING });
    const steps = o.steps.get(scenarioOf(body) ?? "") ?? [];
    return completion(steps[assistantCount(body)] ?? { content: "I am not sure what to do." });
  };
}

export function playEntries(entries: readonly CatalogEntry[], fault?: PlayOptions["fault"], steps?: (e: CatalogEntry) => ReplySpec[]): Script {
  return playScenarios({
    steps: new Map(entries.map((e) => [e.scenario.name, (steps ?? goldSteps)(e)])),
    userPrompts: new Map(entries.map((e) => [e.scenario.userPrompt(), e.scenario.name])),
    ...(fault ? { fault } : {}),
  });
}
