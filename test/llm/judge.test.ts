import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ChatClient, ChatRequest } from "../../src/llm/chat.js";
import { LlmEndpointError } from "../../src/llm/errors.js";
import type { JudgeInput } from "../../src/llm/judge.js";
import { createJudge, extractJudgement, judgeUserContent } from "../../src/llm/judge.js";
import { JUDGE_SCENARIO_PROMPT } from "../../src/llm/judge-prompt.js";

/** A client that answers every request with `content` (or throws `error`) and keeps the requests. */
function fakeClient(content: string | null, error?: Error): ChatClient & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    requests,
    complete: (r) => {
      requests.push(r);
      return error ? Promise.reject(error) : Promise.resolve({ content, toolCalls: [], usage: { prompt: 1, completion: 1 } });
    },
  };
}

// The inputs given to the reference `LLMJudge.judge_scenario` (run with python3, requests.post
// patched to return the content below); expected values are what it returned.
const input: JudgeInput = {
  reference: { actions: [{ name: "x", arguments: { a: 1 } }] },
  prediction: [{ actions: [] }],
  conversation: [
    { role: "assistant", text: "Hi" },
    { role: "user", text: "Bye" },
  ],
  agentContext: [
    { role: "system", content: "S" },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "T", arguments: "{}" } }] },
  ],
  nlAssertions: ["Agent greets", "Agent refunds $5", "Agent says bye"],
};

const REFERENCE_USER_CONTENT =
  '<reference>\n{\n  "actions": [\n    {\n      "name": "x",\n      "arguments": {\n        "a": 1\n      }\n    }\n  ]\n}\n</reference>\n\n<prediction>\n{\n  "actions": []\n}\n</prediction>\n\n<conversation>\n[assistant]: Hi\n[user]: Bye\n</conversation>\n\n<nl_assertions>\n1. Agent greets\n2. Agent refunds $5\n3. Agent says bye\n</nl_assertions>\n\n<agent_context_history>\n[\n  {\n    "role": "system",\n    "content": "S"\n  },\n  {\n    "role": "assistant",\n    "content": null,\n    "tool_calls": [\n      {\n        "id": "c1",\n        "type": "function",\n        "function": {\n          "name": "T",\n          "arguments": "{}"\n        }\n      }\n    ]\n  }\n]\n</agent_context_history>';

const JUDGE_REPLY =
  'Sure:\n```json\n{"score": "0.75", "nl_assertion_verdicts": [{"index": 1, "passed": true, "reason": "greeted"}, {"index": "2", "passed": "true"}, {"index": 9, "passed": true}, {"index": 1.0, "passed": true, "reason": "again"}]}\n```';

describe("NL-assertion judge", () => {
  it("builds the same user message as the reference", () => {
    expect(judgeUserContent(input)).toBe(REFERENCE_USER_CONTENT);
  });

  it("sends the reference's scenario prompt as the system message", async () => {
    const client = fakeClient(JUDGE_REPLY);
    await createJudge(client)(input);
    expect(client.requests[0]?.messages).toEqual([
      { role: "system", content: JUDGE_SCENARIO_PROMPT },
      { role: "user", content: REFERENCE_USER_CONTENT },
    ]);
    expect(client.requests[0]?.tools).toBeUndefined();
    // SHA-256 of the UTF-8 of the reference's LLMJudge.SCENARIO_PROMPT (python3).
    expect(createHash("sha256").update(JUDGE_SCENARIO_PROMPT, "utf8").digest("hex")).toBe("9071536bee23e8ccd003cf97192e3faf7c2654a9b480538e8bc8fdef83880f51");
  });

  it("normalizes verdicts as the reference does: last entry per index wins, non-true and missing verdicts fail", async () => {
    const { result, verdicts } = await createJudge(fakeClient(JUDGE_REPLY))(input);
    const { judge_input: judgeInput, ...rest } = result;
    expect(judgeInput).toEqual({ system_prompt: JUDGE_SCENARIO_PROMPT, user_content: REFERENCE_USER_CONTENT });
    expect(rest).toEqual({
      score: 0.75,
      nl_assertion_verdicts: [
        { index: 1, assertion: "Agent greets", passed: true, reason: "again" },
        { index: 2, assertion: "Agent refunds $5", passed: false, reason: "" },
        { index: 3, assertion: "Agent says bye", passed: false, reason: "Missing verdict; treated as failed." },
      ],
      reason: "",
      nl_assertion_pass_count: 1,
      nl_assertion_total: 3,
      nl_assertion_pass_rate: 0.3333333333333333,
    });
    // Key order as the reference writes judge_result.json.
    expect(Object.keys(result)).toEqual(["score", "nl_assertion_verdicts", "reason", "judge_input", "nl_assertion_pass_count", "nl_assertion_total", "nl_assertion_pass_rate"]);
    expect(verdicts.map((v) => v.passed)).toEqual([true, false, false]);
  });

  it("fails every verdict when the judgement cannot be read", async () => {
    const { result, verdicts } = await createJudge(fakeClient("no json here"))(input);
    const reason = "Judge error: Could not parse judgement JSON from LLM response: no json here";
    expect({ ...result, judge_input: undefined }).toEqual({
      score: 0,
      reason: "Error: Could not parse judgement JSON from LLM response: no json here",
      judge_input: undefined,
      nl_assertion_verdicts: input.nlAssertions.map((assertion, i) => ({ index: i + 1, assertion, passed: false, reason })),
      nl_assertion_pass_count: 0,
      nl_assertion_total: 3,
      nl_assertion_pass_rate: 0,
    });
    expect(verdicts.every((v) => !v.passed)).toBe(true);
  });

  it("fails every verdict when the endpoint fails", async () => {
    const { verdicts } = await createJudge(fakeClient(null, new LlmEndpointError("http", "HTTP 500: down")))(input);
    expect(verdicts.map((v) => [v.passed, v.reason])).toEqual(input.nlAssertions.map(() => [false, "Judge error: LLM endpoint error (http): HTTP 500: down"]));
  });

  it("counts the attempts of a request given up in its spend", async () => {
    const { spend } = await createJudge(fakeClient(null, new LlmEndpointError("http", "HTTP 500: down", { attempts: 4 })))(input);
    expect(spend).toEqual({ requests: 0, failed: 4, prompt: 0, completion: 0 });
  });

  it("finds the judgement as bare JSON, in a fenced block, or as a score fragment", () => {
    expect(extractJudgement('{"score": 1}')).toEqual({ score: 1 });
    expect(extractJudgement('text ```\n{"score": 0.5, "reason": "r"}\n``` more')).toEqual({ score: 0.5, reason: "r" });
    expect(extractJudgement('I think {"score": 0.9, "reason": "ok"} is fair')).toEqual({ score: 0.9, reason: "ok" });
    expect(() => extractJudgement(null)).toThrow();
  });
});
