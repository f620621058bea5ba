/**
 * `runConversation`: drives the agent and user bots as coroutines, executes
 * their tool calls on their side's DB through the one step (dispatch, sync
 * after every successful write, exit check), and records everything through
 * the one recorder (recorder.ts), which also issues the bots' call ids.
 * However the conversation ends, a bug thrown included, the bots' runs are
 * closed before it returns or throws.
 */
import type { CallObserver } from "../call-observer.js";
import type { Channel } from "../channel/channel.js";
import type { ChannelEffect } from "../channel/types.js";
import type { Domain } from "../domain.js";
import type { DispatchEnv, RunState } from "../dispatch.js";
import { openWorkspaces, sealWorkspaces } from "../run-workspaces.js";
import { step } from "../step.js";
import type { Side } from "../types.js";
import { isOutOfSpace } from "../../json/atomic-write.js";
import { LlmEndpointError } from "../../llm/errors.js";
import { createVirtualClock, speakingSeconds, TOOL_CALL_SECONDS } from "./clock.js";
import { createRecorder } from "./recorder.js";
import { MAX_TOOL_RESULT_BYTES, omittedResult, oversizeResult } from "./size-caps.js";
import type { Bot, BotInput, BotRun, ConversationLimits, Directive, StopReason, ToolOutcome, TranscriptEvent, Turn } from "./types.js";
import { DEFAULT_LIMITS } from "./types.js";

/** A conversation's settings: the domain and its run state, the dispatch environment, the limits, the voice channel and the cap on a tool result shown to a bot. */
export interface ConversationOptions {
  readonly domain: Domain;
  readonly state: RunState;
  readonly env: DispatchEnv;
  readonly limits?: Partial<ConversationLimits>;
  /** The voice channel between the bots; absent: each side hears the other verbatim. */
  readonly channel?: Channel;
  /** Largest tool result (bytes of its JSON text) a bot is shown; default MAX_TOOL_RESULT_BYTES. */
  readonly maxToolResultBytes?: number;
  /** Told about each tool call before and after it runs (the policy rules watch through it); never changes the conversation. */
  readonly observer?: CallObserver;
}

/** How a conversation ended: the stop reason, the turns of each side, the tool calls and the time it took. */
export interface ConversationResult {
  readonly transcript: readonly TranscriptEvent[];
  readonly state: RunState;
  readonly stopReason: StopReason;
  /** Times each bot produced a turn (the reference counts the agent's LLM calls). */
  readonly agentTurns: number;
  readonly userTurns: number;
  readonly toolCalls: number;
  readonly durationSeconds: number;
  /**
   * For `bot_error`: which side failed and why; `endpointFailure` is the
   * failure key of an LLM endpoint error (same endpoint, kind and status ⇒ same key).
   */
  readonly error?: { readonly side: Side; readonly message: string; readonly endpointFailure?: string };
}

const other = (s: Side): Side => (s === "agent" ? "user" : "agent");

/** Run one conversation between an agent and a user bot under a virtual clock, recording every event, until one hangs up or a limit is reached. */
export async function runConversation(agent: Bot, user: Bot, opts: ConversationOptions): Promise<ConversationResult> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const clock = createVirtualClock();
  const rec = createRecorder(clock);
  let state = opts.state;
  const workspaces = openWorkspaces(state);
  const env = { ...opts.env, workspaces };
  const runs: Partial<Record<Side, BotRun>> = {};
  const counts = { agent: 0, user: 0 };
  let toolCalls = 0;
  let spokenTurns = 0;
  let error: { side: Side; message: string; endpointFailure?: string } | undefined;

  const bots: Record<Side, Bot> = { agent, user };
  let speaker: Side = "agent";
  let input: BotInput = { kind: "start" };

  const nextTurn = async (side: Side, given: BotInput): Promise<Turn | undefined> => {
    let run = runs[side];
    let res: IteratorResult<Turn, void>;
    if (!run) {
      run = runs[side] = bots[side].start(given, rec.nextCallId);
      res = await run.next();
    } else res = await run.next(given);
    counts[side]++;
    return res.done ? undefined : res.value;
  };

  const finish = (reason: StopReason, side: Side | null): StopReason => {
    rec.end(reason, side);
    return reason;
  };

  let stopReason: StopReason | undefined;
  let callsThisTurn = 0;
  // Turn-taking: caller messages still to reach the agent, and agent replies the caller has yet to hear.
  const pendingCaller: { text: string; effects: readonly ChannelEffect[] }[] = [];
  const unheardByCaller: string[] = [];
  const heldDirectives: Directive[] = [];
  try {
    while (stopReason === undefined) {
      let turn: Turn | undefined;
      try {
        turn = await nextTurn(speaker, input);
      } catch (e) {
        // A full disk (a cassette entry that cannot be written) is no fault of the scenario: the run stops on it.
        if (isOutOfSpace(e)) throw e;
        const message = e instanceof Error ? e.message : String(e);
        error = { side: speaker, message, ...(e instanceof LlmEndpointError ? { endpointFailure: e.failureKey } : {}) };
        rec.error(speaker, message);
        stopReason = finish("bot_error", speaker);
        break;
      }
      if (turn?.reply) rec.reply(speaker, turn.reply);
      for (const d of turn?.dropped ?? []) rec.dropped(speaker, d);
      if (turn === undefined || turn.kind === "end") {
        if (turn?.text) {
          clock.advance(speakingSeconds(turn.text));
          rec.message(speaker, turn.text);
        }
        stopReason = finish(speaker === "user" ? "user_ended" : "agent_ended", speaker);
        break;
      }
      if (turn.kind === "say") {
        clock.advance(speakingSeconds(turn.text));
        // Only what is handed to the other side passes the channel; a directive is not speech and is never changed.
        const parts = speaker === "user" ? opts.channel?.callerParts?.(turn.text) : undefined;
        const cut = speaker === "agent" && pendingCaller.length === 0 ? opts.channel?.agentCut?.(turn.text) : undefined;
        const said = parts ? parts.first : turn.text;
        const heard = opts.channel?.hear(speaker, cut ? cut.heard : said);
        const extra = [...(parts?.firstEffects ?? []), ...(cut ? [cut.effect] : [])];
        const heardText = heard ? heard.text : cut ? cut.heard : said;
        const effects = [...extra, ...(heard?.effects ?? [])];
        rec.message(speaker, said, heard || extra.length > 0 ? { heard: heardText, effects } : undefined);
        spokenTurns++;
        callsThisTurn = 0;
        if (parts) pendingCaller.push(...parts.rest);
        if (spokenTurns >= limits.maxTurns) stopReason = finish("max_turns", null);
        else if (clock.now() >= limits.timeBudgetSeconds) stopReason = finish("time_budget", null);
        const next = speaker === "agent" && stopReason === undefined ? pendingCaller.shift() : undefined;
        if (next) {
          // The caller was still talking: the agent's reply is heard with whatever it says next, and the caller's next part goes to the agent.
          unheardByCaller.push(heardText);
          if (turn.directive) heldDirectives.push(turn.directive);
          clock.advance(speakingSeconds(next.text));
          const part = opts.channel?.hear("user", next.text);
          rec.message("user", next.text, { heard: part ? part.text : next.text, effects: [...next.effects, ...(part?.effects ?? [])] });
          spokenTurns++;
          if (spokenTurns >= limits.maxTurns) stopReason = finish("max_turns", null);
          input = { kind: "message", text: part ? part.text : next.text };
          continue;
        }
        const text = speaker === "agent" && unheardByCaller.length > 0 ? [...unheardByCaller.splice(0), heardText].join(" ") : heardText;
        // Directives given while the caller was still talking reach it in order, one with each reply it hears.
        if (speaker === "agent" && turn.directive && heldDirectives.length > 0) heldDirectives.push(turn.directive);
        const directive = speaker === "agent" && heldDirectives.length > 0 ? heldDirectives.shift() : turn.directive;
        input = directive ? { kind: "message", text, directive } : { kind: "message", text };
        speaker = other(speaker);
        continue;
      }
      // Tool calls: execute each on the caller's side, then hand back all results, each under its call's id.
      if (turn.text) {
        clock.advance(speakingSeconds(turn.text));
        rec.message(speaker, turn.text);
      }
      const results: ToolOutcome[] = [];
      let exit = false;
      for (const call of turn.calls) {
        if (++callsThisTurn > limits.maxToolCallsPerTurn) {
          stopReason = finish("max_tool_calls", speaker);
          break;
        }
        toolCalls++;
        clock.advance(TOOL_CALL_SECONDS);
        rec.toolCall(speaker, call);
        // `turn`: the 0-based number of the speaker's turn that made the call.
        const observed = opts.observer ? { index: toolCalls - 1, side: speaker, call, turn: counts[speaker] - 1 } : undefined;
        if (observed) opts.observer?.beforeCall(observed, state.dbs[speaker]);
        const done = step(opts.domain, state, speaker, call, env, "after-writes");
        const out = done.call;
        state = done.state;
        if (observed) opts.observer?.afterCall(observed, out.result, out.status);
        const cap = opts.maxToolResultBytes ?? MAX_TOOL_RESULT_BYTES;
        const oversize = oversizeResult(out.result, cap);
        if (oversize !== undefined) {
          // Not shown to the model cut short: the scenario errors, with what happened.
          rec.toolResult(speaker, call, out.status, omittedResult(oversize, cap));
          const message = `tool ${call.name} returned ${oversize} bytes, over the cap of ${cap} bytes for a tool result; the conversation stopped there`;
          error = { side: speaker, message };
          rec.error(speaker, message);
          stopReason = finish("bot_error", speaker);
          break;
        }
        rec.toolResult(speaker, call, out.status, out.result);
        results.push({ id: call.id, call, result: out.result, status: out.status });
        if (done.sync) rec.sync(done.sync);
        if (done.exit) exit = true;
      }
      if (stopReason !== undefined) break;
      if (exit) {
        bots[speaker].settle?.(results);
        stopReason = finish("[EXIT]", "agent");
        break;
      }
      if (clock.now() >= limits.timeBudgetSeconds) {
        stopReason = finish("time_budget", null);
        break;
      }
      input = { kind: "tool_results", results };
    }
  } finally {
    // Whatever ended the conversation (a tool bug thrown by `step` included), each bot's run is closed, so its own cleanup runs.
    await Promise.all(Object.values(runs).map((r) => r.return(undefined).catch(() => undefined)));
  }
  return {
    transcript: rec.events,
    state: sealWorkspaces(state, workspaces),
    stopReason,
    agentTurns: counts.agent,
    userTurns: counts.user,
    toolCalls,
    durationSeconds: clock.now(),
    ...(error ? { error } : {}),
  };
}
