/**
 * The reference's own judge tests (tests/unit/test_llm_judge_nl_assertions.py):
 * without anything the agent produced the judge scores 0 and never calls the
 * endpoint; with transcript and contexts but no reference it judges them.
 */
import { describe, expect, it } from "vitest";
import type { ChatClient, ChatRequest } from "../../src/llm/chat.js";
import { createJudge } from "../../src/llm/judge.js";

function recordingClient(content: string): ChatClient & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    requests,
    complete: (r) => {
      requests.push(r);
      return Promise.resolve({ content, toolCalls: [], usage: { prompt: 1, completion: 1 } });
    },
  };
}

const refusingClient: ChatClient = {
  complete: () => Promise.reject(new Error("judge endpoint should not be called without evidence")),
};

// The reason text of the reference's judge_scenario (nemo_voice_agent/evaluation/utils.py).
const REASON =
  "No observed agent evidence was provided. At least one of prediction, conversation, agent_context_history, user_context_history, or context_history is required.";

describe("judge without agent evidence", () => {
  it("test_judge_scenario_returns_zero_without_evidence: scores 0 with the reference's reason and fails every assertion, without calling the endpoint", async () => {
    const { result, verdicts } = await createJudge(refusingClient)({
      reference: { expected: "answer" },
      nlAssertions: ["The agent should satisfy this assertion."],
    });
    expect(result["score"]).toBe(0);
    expect(result["reason"]).toBe(REASON);
    expect(result["nl_assertion_pass_count"]).toBe(0);
    expect(result["nl_assertion_total"]).toBe(1);
    expect(result["nl_assertion_pass_rate"]).toBe(0);
    expect(result["nl_assertion_verdicts"]).toEqual([{ index: 1, assertion: "The agent should satisfy this assertion.", passed: false, reason: REASON }]);
    expect(verdicts.map((v) => v.passed)).toEqual([false]);
    const judgeInput = result["judge_input"] as { user_content: string };
    expect(judgeInput.user_content).toContain("<reference>");
    expect(judgeInput.user_content).toContain("<nl_assertions>");
  });

  it("without assertions the result has no verdict fields", async () => {
    const { result } = await createJudge(refusingClient)({ reference: { expected: "answer" }, conversation: [], agentContext: [], nlAssertions: [] });
    expect(result["score"]).toBe(0);
    expect(result["reason"]).toBe(REASON);
    expect(result).not.toHaveProperty("nl_assertion_verdicts");
  });

  it("test_judge_scenario_uses_available_evidence_without_reference: judges transcript and contexts when there is no reference or prediction", async () => {
    const client = recordingClient('{"score": 1.0, "reason": "passed", "nl_assertion_verdicts": [{"index": 1, "passed": true, "reason": "matched"}]}');
    const { result } = await createJudge(client)({
      conversation: [{ role: "user", text: "I need to change my flight." }],
      agentContext: [{ role: "assistant", tool_calls: [{ function: { name: "call_backend" } }] }],
      userContext: [{ role: "user", content: "I need to change my flight." }],
      nlAssertions: ["The agent routed the request to an internal task handler."],
    });
    expect(client.requests).toHaveLength(1);
    const userContent = (client.requests[0]?.messages[1] as { content?: string } | undefined)?.content ?? "";
    expect(userContent).not.toContain("<reference>");
    expect(userContent).not.toContain("<prediction>");
    for (const tag of ["<conversation>", "<agent_context_history>", "<user_context_history>", "<nl_assertions>"]) expect(userContent).toContain(tag);
    expect(result["score"]).toBe(1);
    expect(result["nl_assertion_pass_count"]).toBe(1);
    expect(result["nl_assertion_total"]).toBe(1);
    expect(result["nl_assertion_pass_rate"]).toBe(1);
  });

  it("a prediction alone is evidence", async () => {
    const client = recordingClient('{"score": 0.5, "reason": "half"}');
    const { result } = await createJudge(client)({ prediction: [{ actions: [] }], nlAssertions: [] });
    expect(client.requests).toHaveLength(1);
    expect(result["score"]).toBe(0.5);
  });

  it("a reasoning judge's thinking is set aside before its verdict is read, even when it quotes a score", async () => {
    const client = recordingClient('<think>At first I thought {"score": 0.1, "reason": "draft"} but no.</think>{"score": 0.9, "reason": "final"}');
    const { result } = await createJudge(client)({ prediction: [{ actions: [] }], nlAssertions: [] });
    expect(result["score"]).toBe(0.9);
    expect(result["reason"]).toBe("final");
  });
});
