/**
 * NL_ASSERTION grading (HARNESS.md §7.3, the reference's
 * `LLMJudge.judge_scenario`): the judge model sees the reference answer, the
 * agent's final response, the chat contexts and the numbered assertions, and
 * returns a score plus one verdict per assertion. A missing or malformed
 * verdict counts as failed; if the call fails or its answer cannot be read,
 * every verdict fails.
 */
import type { SpeechSettings } from "./thinking.js";
import { splitThinking } from "./thinking.js";
import { parsePythonJson } from "../json/parse.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { normalizeScenarioPayload } from "../json/scenario-payload.js";
import { pyFloatOrUndefined, pyIntOrUndefined } from "../python/number.js";
import type { ChatClient } from "./chat.js";
import { LlmEndpointError } from "./errors.js";
import { JUDGE_SCENARIO_PROMPT } from "./judge-prompt.js";
import { pyJsonDumps } from "../python/json-dumps.js";
import type { Prices, Spend } from "./usage.js";
import { createSpendTally } from "./usage.js";

export interface JudgeInput {
  /** `reference_answer.json` content, when the scenario has one. */
  readonly reference?: JsonValue;
  /** `final_agent_response.json` content. */
  readonly prediction?: JsonValue;
  /** Spoken turns `{role, text}`. */
  readonly conversation?: readonly JsonObject[];
  readonly agentContext?: readonly JsonValue[];
  readonly userContext?: readonly JsonValue[];
  readonly nlAssertions: readonly string[];
}

export interface NlVerdict {
  readonly index: number;
  readonly assertion: string;
  readonly passed: boolean;
  readonly reason: JsonValue;
}

export interface JudgeOutcome {
  /** The `judge_result.json` content. */
  readonly result: JsonObject;
  readonly verdicts: readonly NlVerdict[];
  /** What grading this scenario cost. */
  readonly spend: Spend;
}

export type ScenarioJudge = (input: JudgeInput) => Promise<JudgeOutcome>;

/** The judge's user message: the tagged sections that have content, in the reference's order. */
export function judgeUserContent(input: JudgeInput): string {
  const sections: string[] = [];
  if (input.reference !== undefined) sections.push(`<reference>\n${pyJsonDumps(normalizeScenarioPayload(input.reference), 2)}\n</reference>`);
  if (input.prediction !== undefined) sections.push(`<prediction>\n${pyJsonDumps(normalizeScenarioPayload(input.prediction), 2)}\n</prediction>`);
  if (input.conversation && input.conversation.length > 0) {
    const turns = input.conversation.map((t) => `[${String(t["role"] ?? "unknown")}]: ${String(t["text"] ?? "")}`);
    sections.push(`<conversation>\n${turns.join("\n")}\n</conversation>`);
  }
  if (input.nlAssertions.length > 0) sections.push(`<nl_assertions>\n${input.nlAssertions.map((a, i) => `${i + 1}. ${a}`).join("\n")}\n</nl_assertions>`);
  if (input.agentContext && input.agentContext.length > 0) sections.push(`<agent_context_history>\n${pyJsonDumps([...input.agentContext], 2)}\n</agent_context_history>`);
  if (input.userContext && input.userContext.length > 0) sections.push(`<user_context_history>\n${pyJsonDumps([...input.userContext], 2)}\n</user_context_history>`);
  return sections.join("\n\n");
}

/** The judgement object in the judge's text: plain JSON, a fenced block, or a `{..."score": n...}` fragment. */
export function extractJudgement(content: string | null): JsonValue {
  if (content === null) throw new Error("the judge returned no content");
  try {
    return parsePythonJson(content);
  } catch {
    // Not bare JSON: look for it inside the text.
  }
  const fenced = /```(?:json)?\s*(\{[\s\S]*?\})\s*```/.exec(content);
  if (fenced?.[1] !== undefined) return parsePythonJson(fenced[1]);
  const bare = /\{[^{}]*"score"\s*:\s*[\d.]+[^{}]*\}/.exec(content);
  if (bare) return parsePythonJson(bare[0]);
  throw new Error(`Could not parse judgement JSON from LLM response: ${content}`);
}

export function failedVerdicts(assertions: readonly string[], reason: string): NlVerdict[] {
  return assertions.map((assertion, i) => ({ index: i + 1, assertion, passed: false, reason }));
}

/** One verdict per assertion, in order; the last entry for an index wins. */
export function normalizeVerdicts(raw: JsonValue | undefined, assertions: readonly string[]): NlVerdict[] {
  const byIndex = new Map<number, JsonObject>();
  for (const v of Array.isArray(raw) ? raw : []) {
    if (!isJsonObject(v)) continue;
    const idx = pyIntOrUndefined(v["index"]);
    if (idx !== undefined && idx >= 1 && idx <= assertions.length) byIndex.set(idx, v);
  }
  return assertions.map((assertion, i) => {
    const v = byIndex.get(i + 1);
    const present = v !== undefined && Object.keys(v).length > 0;
    return {
      index: i + 1,
      assertion,
      passed: present && v["passed"] === true,
      reason: present ? (v["reason"] ?? "") : "Missing verdict; treated as failed.",
    };
  });
}

function verdictFields(verdicts: readonly NlVerdict[]): JsonObject {
  const passes = verdicts.filter((v) => v.passed).length;
  return {
    nl_assertion_verdicts: verdicts.map((v) => ({ ...v })),
    nl_assertion_pass_count: passes,
    nl_assertion_total: verdicts.length,
    nl_assertion_pass_rate: verdicts.length > 0 ? passes / verdicts.length : 0,
  };
}

/** The reason the reference gives when it refuses to judge without anything the agent did. */
export const NO_AGENT_EVIDENCE_REASON =
  "No observed agent evidence was provided. At least one of prediction, conversation, " +
  "agent_context_history, user_context_history, or context_history is required.";

/**
 * Something the agent produced: a prediction, spoken turns or a chat context.
 * A reference answer and assertions alone are only what was expected.
 */
export function hasAgentEvidence(input: JudgeInput): boolean {
  return (
    input.prediction !== undefined ||
    (input.conversation?.length ?? 0) > 0 ||
    (input.agentContext?.length ?? 0) > 0 ||
    (input.userContext?.length ?? 0) > 0
  );
}

/** A judge backed by a chat endpoint. It never throws: failures become failed verdicts. */
export function createJudge(client: ChatClient, prices: Prices & { readonly speech?: SpeechSettings | undefined } = {}): ScenarioJudge {
  return async (input) => {
    const tally = createSpendTally(prices);
    const userContent = judgeUserContent(input);
    const judgeInput: JsonObject = { system_prompt: JUDGE_SCENARIO_PROMPT, user_content: userContent };
    if (!hasAgentEvidence(input)) {
      // Score 0 without asking the endpoint, as the reference does.
      const result: JsonObject = { score: 0, reason: NO_AGENT_EVIDENCE_REASON, judge_input: judgeInput };
      if (input.nlAssertions.length === 0) return { result, verdicts: [], spend: tally.spend() };
      const verdicts = failedVerdicts(input.nlAssertions, NO_AGENT_EVIDENCE_REASON);
      return { result: { ...result, ...verdictFields(verdicts) }, verdicts, spend: tally.spend() };
    }
    try {
      const reply = await client.complete({
        messages: [
          { role: "system", content: JUDGE_SCENARIO_PROMPT },
          { role: "user", content: userContent },
        ],
      });
      tally.add(reply.usage, reply.failedAttempts);
      // A reasoning judge's thinking is set aside before its verdict is read (it may quote a score of its own).
      const parsed = extractJudgement(reply.content === null ? null : splitThinking(reply.content, prices.speech).spoken);
      if (!isJsonObject(parsed)) throw new Error(`the judgement is not a JSON object: ${reply.content ?? ""}`);
      const score = pyFloatOrUndefined(parsed["score"] ?? null);
      if (score === undefined) throw new Error(`the judgement has no numeric score: ${reply.content ?? ""}`);
      const result: JsonObject = { ...parsed, score };
      if (!("reason" in result)) result["reason"] = "";
      result["judge_input"] = judgeInput;
      if (input.nlAssertions.length === 0) return { result, verdicts: [], spend: tally.spend() };
      const verdicts = normalizeVerdicts(parsed["nl_assertion_verdicts"], input.nlAssertions);
      return { result: { ...result, ...verdictFields(verdicts) }, verdicts, spend: tally.spend() };
    } catch (e) {
      // A request given up still cost its attempts: the run's spend counts them, as it does a bot's.
      if (e instanceof LlmEndpointError && typeof e.details.attempts === "number") tally.addFailed(e.details.attempts);
      const message = e instanceof Error ? e.message : String(e);
      const result: JsonObject = { score: 0, reason: `Error: ${message}`, judge_input: judgeInput };
      if (input.nlAssertions.length === 0) return { result, verdicts: [], spend: tally.spend() };
      const verdicts = failedVerdicts(input.nlAssertions, `Judge error: ${message}`);
      return { result: { ...result, ...verdictFields(verdicts) }, verdicts, spend: tally.spend() };
    }
  };
}
