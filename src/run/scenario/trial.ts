/**
 * One scenario trial, start to finish: initial state, the conversation,
 * scoring, and the files that describe it. Pure apart from the bots (which
 * may call an LLM endpoint); everything else is a function of the inputs.
 */
import { countReplies } from "./reply-counts.js";
import type { CatalogEntry } from "../../engine/catalog.js";
import { evaluateAssertions } from "../../engine/assertions.js";
import type { Bot, ConversationLimits, StopReason, TranscriptEvent } from "../../engine/conversation/types.js";
import type { EndpointFailure } from "../../engine/conversation/endpoint-failure.js";
import { endpointFailureFrom } from "../../engine/conversation/endpoint-failure.js";
import { runConversation } from "../../engine/conversation/conversation.js";
import { prepareInitialState } from "../../engine/initial-state.js";
import { createRng } from "../../engine/rng.js";
import { scenarioToday } from "../../engine/scenario.js";
import type { ActionRecord, Side } from "../../engine/types.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import type { Spend } from "../../llm/usage.js";
import { checkIfTaskSuccess } from "../../scoring/action-match.js";
import type { DbDiff } from "../../scoring/diff.js";
import { computeDbDiff } from "../../scoring/diff.js";
import { dbHash, summaryHash } from "../../hash/db/index.js";
import type { ScoreFields } from "../../scoring/signals.js";
import { gateChecks, scoreScenario } from "../../scoring/signals.js";
import { evaluateChecks } from "../../scoring/declared-checks.js";
import { gateReadability, voiceReadability } from "../../scoring/voice-readability.js";
import { channelProfile, createChannel } from "../../engine/channel/channel.js";
import { tooFewAgentTurns } from "./agent-turns.js";
import type { BotFactory } from "../bots/factory.js";
import { expectedFor } from "./expected.js";
import { NOT_REPLAYED_KEY } from "../../replay/not-replayed.js";
import { diagnoseTranscript } from "../../diagnosis/trial.js";
import { goldListRules, watchPolicy } from "../../scoring/policy/check.js";
import { gatePolicy, violationsJson } from "../../scoring/policy/gate.js";

export type ScenarioStatus = "passed" | "failed" | "errored";

export interface RunOptions {
  readonly seed: number;
  readonly today?: string | undefined;
  /** `--min-agent-turns N` (0 disables). */
  readonly minAgentTurns: number;
  readonly strictMatch?: boolean;
  readonly limits?: Partial<ConversationLimits>;
  /** `--channel NAME`: the voice channel between the bots (default `clean`: none). */
  readonly channel?: string;
  /** `--gate voice_readability`: the readability signal gates `is_successful` too. */
  readonly gateReadability?: boolean;
  /** `--gate policy`: a violation of the domain's policy rules fails the scenario. */
  readonly gatePolicy?: boolean;
}

export interface ScenarioOutcome {
  readonly name: string;
  readonly domain: string;
  readonly bucket: string;
  readonly trial: number;
  readonly status: ScenarioStatus;
  readonly metrics: JsonObject;
  readonly transcript: readonly TranscriptEvent[];
  readonly dbHash: string | null;
  readonly userDbHash: string | null;
  readonly diff?: DbDiff;
  readonly referenceActions?: readonly ActionRecord[];
  readonly predictedActions: readonly ActionRecord[];
  /** `judge_result.json`, when a judge graded NL assertions. */
  readonly judgeResult?: JsonObject;
  /** Model-backed bots' chat contexts (`bot_logs_<side>/llm_context.json`). */
  readonly llmContexts?: Partial<Record<Side, readonly JsonValue[]>>;
  /** Errored by an LLM endpoint failure: which one (not written to any file). */
  readonly endpointFailure?: EndpointFailure;
}

/** The live bridge reports agent records, then the user's (side-stamped). */
function predictedActionOrder(actions: readonly ActionRecord[]): ActionRecord[] {
  return [...actions.filter((a) => a["side"] !== "user"), ...actions.filter((a) => a["side"] === "user")];
}

/** The reference's token fields; a model-backed bot adds its requests (and cost), with `null` for unreported tokens. */
function tokensOf(bot: Bot): JsonObject {
  const used = bot.usage?.();
  return used ? spendFields(used) : { prompt: 0, completion: 0 };
}

function spendFields(s: Spend): JsonObject {
  return { prompt: s.prompt, completion: s.completion, requests: s.requests, ...(s.failed !== undefined ? { failed_attempts: s.failed } : {}), ...(s.reasoning !== undefined ? { reasoning: s.reasoning } : {}), ...(s.cost !== undefined ? { cost: s.cost } : {}) };
}

function turnsOf(transcript: readonly TranscriptEvent[]): JsonObject[] {
  return transcript.flatMap((e) => (e.type === "message" ? [{ timestamp: e.t, role: e.side === "agent" ? "assistant" : "user", text: e.text }] : []));
}

export async function runScenario(entry: CatalogEntry, trial: number, bots: BotFactory, opts: RunOptions): Promise<ScenarioOutcome> {
  const { scenario, domain } = entry;
  const today = scenarioToday(scenario, opts.today);
  const base = createRng(opts.seed).fork(`${scenario.name}#${trial}`);
  const env = { today, rng: base.fork("tools"), names: "llm" as const };
  const prepared = prepareInitialState(domain, scenario, { today });

  const agentBot = bots.agent(entry, base.fork("agent"));
  const userBot = bots.user(entry, base.fork("user"));
  const channelName = opts.channel ?? "clean";
  const channel = channelName === "clean" ? undefined : createChannel(channelProfile(channelName, scenario.voice), scenario.voice, base.fork("channel"));
  // Each agent call is checked against the domain's policy rules as it runs, on the DB just before it
  // (the oracle's calls are the gold list: held to the rules a gold list can be held to).
  const rules = agentBot.playsGoldCalls === true ? goldListRules(domain.policyRules ?? []) : (domain.policyRules ?? []);
  const policy = rules.length > 0 ? watchPolicy(domain, scenario, rules) : undefined;
  const conv = await runConversation(agentBot, userBot, {
    domain,
    state: prepared.state,
    env,
    limits: opts.limits ?? {},
    ...(channel ? { channel } : {}),
    ...(policy ? { observer: policy.observer } : {}),
  });
  const violations = policy?.finish() ?? [];
  // The expected DB is replayed once the conversation is over: the first model request goes out
  // sooner, and with many conversations in flight each holds only its own live state meanwhile.
  // (Its RNG is its own fork, so the order changes nothing.)
  const expected = expectedFor(entry, { today, rng: base.fork("gold") }, prepared);
  const agentDb = conv.state.dbs.agent;
  const userDb = conv.state.dbs.user;
  const dbH = summaryHash(agentDb);
  const userDbH = summaryHash(userDb);
  const predicted = predictedActionOrder(conv.state.actions);
  const contexts = { agent: agentBot.context?.(), user: userBot.context?.() };
  const judged =
    bots.judge && scenario.nlAssertions.length > 0
      ? await bots.judge({
          ...(expected.referenceActions ? { reference: { actions: [...expected.referenceActions] } } : {}),
          prediction: [{ actions: predicted }],
          // The transcript stands in for the agent's chat context when the agent is not a model.
          // Thinking is never judged: the judge reads the contexts without it (known divergence judge:no-thinking).
          ...(contexts.agent ? { agentContext: agentBot.spokenContext?.() ?? contexts.agent } : { conversation: turnsOf(conv.transcript) }),
          ...(contexts.user ? { userContext: userBot.spokenContext?.() ?? contexts.user } : {}),
          nlAssertions: scenario.nlAssertions,
        })
      : undefined;
  const isActionMatch: boolean | "N/A" = expected.referenceActions
    ? checkIfTaskSuccess({ actions: [...expected.referenceActions] }, [{ actions: predicted }], { disallowExtraItems: opts.strictMatch ?? false })
    : "N/A";
  const insufficient = tooFewAgentTurns(conv.agentTurns, opts.minAgentTurns);
  const readability = voiceReadability({ transcript: conv.transcript, dbs: Object.values(scenario.initialDbs()), voice: scenario.voice });
  const scored: ScoreFields = scoreScenario(
    scenario.successSignals,
    {
      isActionMatch,
      ...(expected.db ? { dbState: { expectedHash: dbHash(expected.db), actualHash: dbH } } : {}),
      ...(scenario.dbStateAssertions.length > 0 ? { assertionVerdicts: evaluateAssertions(domain, scenario.dbStateAssertions, agentDb, userDb) } : {}),
      ...(judged ? { nlVerdicts: judged.verdicts } : {}),
      cleanExit: conv.stopReason === "[EXIT]",
    },
    insufficient,
    scenario.name,
  );
  const checks = scenario.checks ? evaluateChecks(domain, scenario.checks, conv.transcript) : undefined;
  const score = gatePolicy(gateReadability(checks ? gateChecks(scored, checks.passed) : scored, readability, opts.gateReadability === true), violations, opts.gatePolicy === true);
  const errored = conv.stopReason === "bot_error";
  const status: ScenarioStatus = errored ? "errored" : score.is_successful === true ? "passed" : "failed";
  const stop: StopReason = conv.stopReason;
  const replies = countReplies(conv.transcript);
  // A replay that a limit stopped says how much of the recording it left out (never silently).
  const notReplayed = agentBot.recordedCallsLeft?.() ?? 0;
  // Only a failed trial is diagnosed: a passing one's files stay as they were.
  const diagnosis =
    status === "failed"
      ? diagnoseTranscript({ entry, prepared, today, trialRng: base, transcript: conv.transcript, expectedDb: expected.db, failedSignals: score.success_breakdown.failed, stopReason: stop, ...(violations.length > 0 ? { violations } : {}) })
      : undefined;
  const metrics: JsonObject = {
    scenario_name: scenario.name,
    domain: domain.name,
    trial,
    status,
    total_turns: turnsOf(conv.transcript).length,
    duration_seconds: conv.durationSeconds,
    scenario_duration: conv.durationSeconds,
    stop_reason: stop,
    turns: turnsOf(conv.transcript),
    token_usage: {
      agent: { n_calls: conv.agentTurns, ...tokensOf(agentBot) },
      user: { n_calls: conv.userTurns, ...tokensOf(userBot) },
      ...(judged ? { judge: spendFields(judged.spend) } : {}),
    },
    tool_calls: conv.toolCalls,
    ...(notReplayed > 0 ? { [NOT_REPLAYED_KEY]: notReplayed } : {}),
    ...(replies ? { model_replies: replies } : {}),
    ...(score as unknown as JsonObject),
    ...(checks ? { checks: checks as unknown as JsonObject } : {}),
    ...(diagnosis ? { diagnosis: diagnosis as unknown as JsonObject } : {}),
    // The reference records the judge's score beside the signals whenever a judge graded the scenario.
    ...(judged ? { judge_score: judged.result["score"] ?? null } : {}),
    voice_readability: readability as unknown as JsonObject,
    // Only a trial with violations carries the field: a clean trial's metrics are as they were before the signal.
    ...(violations.length > 0 ? { policy_violations: violationsJson(violations) } : {}),
    db_hash: dbH,
    user_db_hash: userDbH,
    ...(conv.error ? { error: { side: conv.error.side, message: conv.error.message } } : {}),
    ...(prepared.warnings.length > 0 ? { warnings: [...prepared.warnings] } : {}),
  };
  const diff = score.db_state_match === false && expected.db && agentDb ? computeDbDiff(expected.db, agentDb) : undefined;
  return {
    name: scenario.name,
    domain: domain.name,
    bucket: scenario.bucket,
    trial,
    status,
    metrics,
    transcript: conv.transcript,
    dbHash: dbH,
    userDbHash: userDbH,
    ...(diff ? { diff } : {}),
    ...(expected.referenceActions ? { referenceActions: expected.referenceActions } : {}),
    predictedActions: predicted,
    ...(endpointFailureFrom(conv.error) ? { endpointFailure: endpointFailureFrom(conv.error) as EndpointFailure } : {}),
    ...(judged ? { judgeResult: judged.result } : {}),
    ...(contexts.agent || contexts.user ? { llmContexts: { ...(contexts.agent ? { agent: contexts.agent } : {}), ...(contexts.user ? { user: contexts.user } : {}) } } : {}),
  };
}

