/**
 * A bot driven by a chat model: the scenario's prompt as the system message,
 * its side's tools as `tools[]`, one model call per turn.
 *
 * Turning a reply into a turn:
 * - tool calls → a `tool_calls` turn (any text is spoken first); a call whose
 *   argument text does not parse is dropped as the reference's LLM service
 *   drops it: not run, not in the model's context (see llm-tool-calls.ts), so
 *   a reply whose calls are all dropped is its text alone, or nothing;
 * - text → `say`;
 * - the user hangs up by writing `###STOP###` (tau2's user-simulator marker;
 *   the rest of the text is its last words, any tool calls are dropped) or by
 *   replying with nothing at all;
 * - an agent that replies with nothing has gone silent: it ends the call
 *   (`agent_ended`, not a clean exit).
 */
import type { CatalogEntry } from "../catalog.js";
import type { Side, AnyToolDef } from "../types.js";
import type { ChatClient, ChatMessage, ChatReply } from "../../llm/chat.js";
import { LlmEndpointError } from "../../llm/errors.js";
import type { SpeechSettings } from "../../llm/thinking.js";
import { splitThinking } from "../../llm/thinking.js";
import { textToolCallFormat } from "../../llm/text-tool-calls.js";
import type { RequestVolume } from "../../llm/request-caps.js";
import type { Prices } from "../../llm/usage.js";
import { createSpendTally } from "../../llm/usage.js";
import { toolSpec } from "../json-schema.js";
import { toolSpecsFor } from "../prompt-pack.js";
import { deepFreeze } from "../../json/freeze.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { callIdSequence } from "../conversation/recorder.js";
import type { Bot, BotInput, BotRun, BotTokenUsage, CallId, CallIds, IssuedCall, ReplyNote, ToolOutcome, Turn } from "../conversation/types.js";
import { AGENT_KICKOFF, callMessage, pendingToolMessage, textMessage, toolMessage } from "./llm-context.js";
import type { PlannedReply } from "./llm-tool-calls.js";
import { planReply } from "./llm-tool-calls.js";

export const USER_STOP_MARKER = "###STOP###";

/** A model-played bot: its side, system prompt, tools and the client of its endpoint. */
export interface LlmBotSpec {
  readonly name: string;
  readonly side: Side;
  readonly systemPrompt: string;
  readonly tools: readonly AnyToolDef[];
  /** The specs the model is sent, when they are not generated from `tools` (a prompt pack). */
  readonly toolSpecs?: readonly JsonObject[];
  readonly client: ChatClient;
  /** Prices from the bot's config, for the cost in its spend. */
  readonly prices?: Prices;
  /** Jitter for retry waits, from the scenario's seeded RNG. */
  readonly random?: () => number;
  /** What of a reply is spoken (think tokens, ignore strings); absent: the default think tokens. */
  readonly speech?: SpeechSettings;
  /** The role the prompt is sent under (default "system"). */
  readonly systemRole?: "system" | "user" | "developer";
}

/**
 * What of a reply is spoken, and what the transcript notes about it. The
 * model's context keeps the content as written (thinking tags included): the
 * aggregator of pipecat 1.6 collects the text handed to the TTS, not what the
 * TTS speaks; a `reasoning_content` field never reaches it.
 */
function readReply(reply: ChatReply, side: Side, speech: SpeechSettings | undefined, toolNames: ReadonlySet<string>): { spoken: string | null; note?: ReplyNote } {
  const split = reply.content === null ? undefined : splitThinking(reply.content, speech);
  const spoken = split ? split.spoken : null;
  const extras = reply.extras;
  const thought = split?.thinking !== undefined || extras?.reasoning !== undefined;
  const silent = (spoken ?? "").trim() === "" && reply.toolCalls.length === 0;
  const inText = reply.toolCalls.length === 0 && spoken ? textToolCallFormat(spoken, toolNames) : undefined;
  const note: ReplyNote = {
    ...(split?.thinking !== undefined ? { thinking: split.thinking } : {}),
    ...(extras?.reasoning !== undefined ? { reasoning: extras.reasoning } : {}),
    ...(thought && silent && !(side === "user" && (reply.content ?? "").includes(USER_STOP_MARKER)) ? { only_thinking: true as const } : {}),
    ...(extras?.finishReason !== undefined ? { finish_reason: extras.finishReason } : {}),
    ...(extras?.refusal !== undefined ? { refusal: extras.refusal } : {}),
    ...(extras?.choices !== undefined ? { choices: extras.choices } : {}),
    ...(inText ? { tool_calls_in_text: inText } : {}),
  };
  return Object.keys(note).length > 0 ? { spoken, note } : { spoken };
}

/** A reply without tool calls, as a turn. */
function textTurn(side: Side, content: string | null): Turn {
  const text = (content ?? "").trim();
  if (side === "user" && text.includes(USER_STOP_MARKER)) {
    const last = text.split(USER_STOP_MARKER).join(" ").replace(/\s+/g, " ").trim();
    return last ? { kind: "end", text: last } : { kind: "end" };
  }
  if (text === "") return { kind: "end" };
  return { kind: "say", text };
}

/** A bot played by a model behind an OpenAI-compatible endpoint, its chat context built as the voice harness builds it. */
export function createLlmBot(spec: LlmBotSpec): Bot {
  // Tool specs and messages are deep-frozen once made: each request repeats them all, and the
  // client remembers the text of what cannot change (json/compact-text.ts).
  const tools = deepFreeze(spec.toolSpecs ? [...spec.toolSpecs] : spec.tools.map(toolSpec));
  const messages: ChatMessage[] = [];
  const push = (m: ChatMessage): void => void messages.push(deepFreeze(m));
  push({ role: spec.systemRole ?? "system", content: spec.systemPrompt });
  const toolNames = new Set(tools.flatMap((t) => (typeof t["function"] === "object" && t["function"] !== null && !Array.isArray(t["function"]) && typeof t["function"]["name"] === "string" ? [t["function"]["name"]] : [])));
  const used = createSpendTally(spec.prices);
  // What this side has sent in this scenario, against the per-scenario cap on request bytes.
  const volume: RequestVolume = { bytes: 0 };
  /** Stand-ins for the ids a model left out: its context must name each call by some id. */
  let standIns = 0;

  const hear = (input: BotInput): void => {
    switch (input.kind) {
      case "start":
        if (spec.side === "agent") push({ role: "user", content: AGENT_KICKOFF });
        return;
      case "message":
        push({ role: "user", content: input.text });
        return;
      case "tool_results":
        throw new Error(`${spec.name}: tool results arrived while no tool call was pending`);
      default:
        return input satisfies never;
    }
  };

  /**
   * The calls waiting for their results, by call id: the id the model's
   * context names the call by (the model's own, or a stand-in), and the place
   * of its pending tool message.
   */
  let awaiting = new Map<CallId, { readonly contextId: string; readonly at: number }>();

  /** The reply's text, then each call that runs with its pending tool message. */
  const record = (content: string | null, running: readonly { readonly call: IssuedCall; readonly contextId: string }[]): void => {
    const text = textMessage(content);
    if (text) push(text);
    awaiting = new Map(
      running.map((r) => {
        push(callMessage(r.contextId, r.call));
        push(pendingToolMessage(r.contextId));
        return [r.call.id, { contextId: r.contextId, at: messages.length - 1 }];
      }),
    );
  };

  /** Each result takes its call's pending message's place, as the reference's aggregator updates it. */
  const deliver = (results: readonly ToolOutcome[]): void => {
    for (const out of results) {
      const w = awaiting.get(out.id);
      if (!w) throw new Error(`${spec.name}: a result for call ${out.id}, which is not one of the calls this bot is waiting on`);
      messages[w.at] = deepFreeze(toolMessage(w.contextId, out.result));
      awaiting.delete(out.id);
    }
  };

  const ask = async (callIds: CallIds): Promise<{ content: string | null; calls: readonly IssuedCall[]; planned: PlannedReply; hangsUp: boolean; note?: ReplyNote }> => {
    const reply = await spec.client.complete({ messages: [...messages], tools, volume, ...(spec.random ? { random: spec.random } : {}) }).catch((e: unknown) => {
      // A request given up still cost its attempts: the run's spend counts them.
      if (e instanceof LlmEndpointError && typeof e.details.attempts === "number") used.addFailed(e.details.attempts);
      throw e;
    });
    used.add(reply.usage, reply.failedAttempts);
    const { spoken, note } = readReply(reply, spec.side, spec.speech, toolNames);
    const contextIds = reply.toolCalls.map((c) => c.id || `${spec.side}_call_${++standIns}`);
    const planned = planReply(reply.toolCalls.map((c) => ({ name: c.function.name, arguments: c.function.arguments, modelId: c.id })));
    const hangsUp = spec.side === "user" && (spoken ?? "").includes(USER_STOP_MARKER);
    // Dropped calls never enter the context, nor do the calls of a hang-up (they never run, so take no id).
    const running = hangsUp ? [] : planned.run.map((r) => ({ call: { ...r.call, id: callIds() }, contextId: contextIds[r.index] ?? "" }));
    record(reply.content, running);
    return { content: spoken, calls: running.map((r) => r.call), planned, hangsUp, ...(note ? { note } : {}) };
  };

  async function* run(first: BotInput, callIds: CallIds = callIdSequence()): BotRun {
    let input: BotInput | undefined = first;
    for (;;) {
      if (input) hear(input);
      input = undefined;
      const { content, calls, planned, note } = await ask(callIds);
      const turn = textTurn(spec.side, content);
      const dropped = { ...(planned.dropped.length > 0 ? { dropped: planned.dropped } : {}), ...(note ? { reply: note } : {}) };
      if (calls.length === 0) {
        if (turn.kind === "end") {
          yield { ...turn, ...dropped };
          return;
        }
        input = yield { ...turn, ...dropped };
        continue;
      }
      const text = turn.kind === "say" ? turn.text : undefined;
      const back: BotInput = yield { kind: "tool_calls", calls, ...(text !== undefined ? { text } : {}), ...dropped };
      if (back.kind !== "tool_results") throw new Error(`${spec.name}: expected ${calls.length} tool result(s), got ${back.kind}`);
      deliver(back.results);
      if (awaiting.size > 0) throw new Error(`${spec.name}: no result came back for call(s) ${[...awaiting.keys()].join(", ")}`);
    }
  }

  return {
    name: spec.name,
    start: run,
    usage: (): BotTokenUsage => used.spend(),
    context: (): readonly JsonValue[] => messages.map((m) => ({ ...m }) as unknown as JsonValue),
    spokenContext: (): readonly JsonValue[] =>
      messages.flatMap((m) => {
        if (m.role !== "assistant" || !("content" in m)) return [{ ...m } as unknown as JsonValue];
        const spoken = splitThinking(m.content, spec.speech);
        if (spoken.thinking === undefined) return [{ ...m }];
        const text = textMessage(spoken.spoken);
        return text ? [{ ...text } as unknown as JsonValue] : [];
      }),
    settle: deliver,
  };
}

/** The agent of a scenario: its agent prompt and every agent-side tool (EndConversationTool included). */
export interface LlmBotOptions {
  readonly name?: string;
  readonly prices?: Prices;
  readonly random?: () => number;
  readonly speech?: SpeechSettings;
  readonly systemRole?: "system" | "user" | "developer";
}

/** A scenario's agent played by a model: its prompt and tools from the scenario. */
export function createLlmAgent(entry: CatalogEntry, client: ChatClient, opts: LlmBotOptions = {}): Bot {
  return createLlmBot({ ...opts, name: opts.name ?? "llm", side: "agent", systemPrompt: entry.scenario.agentPrompt(), tools: entry.domain.tools.agent, toolSpecs: toolSpecsFor(entry, "agent"), client });
}

/** The simulated user: its user prompt and the domain's user-side tools (the telecom phone), if any. */
export function createLlmUser(entry: CatalogEntry, client: ChatClient, opts: LlmBotOptions = {}): Bot {
  return createLlmBot({ ...opts, name: opts.name ?? "llm", side: "user", systemPrompt: entry.scenario.userPrompt(), tools: entry.domain.tools.user ?? [], toolSpecs: toolSpecsFor(entry, "user"), client });
}
