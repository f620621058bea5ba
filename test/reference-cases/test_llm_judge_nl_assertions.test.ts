/**
 * The reference's tests/unit/test_llm_judge_nl_assertions.py, the cases not
 * already in test/llm/judge-verdicts.test.ts and judge-evidence.test.ts
 * (those are titled with the reference's names): the result shape with and
 * without assertions, verdict normalization, endpoint failures, and the
 * judge endpoint's numeric settings (evalsim's LLM config file).
 */
import { describe, expect, it } from "vitest";
import type { ChatClient } from "../../src/llm/chat.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { createJudge, judgeUserContent } from "../../src/llm/judge.js";
import { matchItem } from "../../src/scoring/action-match.js";
import { parsePythonJson } from "../../src/json/parse.js";

const answering = (content: string): ChatClient => ({ complete: () => Promise.resolve({ content, toolCalls: [], usage: { prompt: 1, completion: 1 } }) });
const failing = (message: string): ChatClient => ({ complete: () => Promise.reject(new Error(message)) });
const judge = (client: ChatClient, nlAssertions: string[]) => createJudge(client)({ reference: "r", prediction: "p", nlAssertions });
type V = { index: number; passed: boolean; reason: string; assertion: string };

describe("result shape", () => {
  it("test_no_nl_assertions_preserves_original_shape", async () => {
    const { result } = await judge(answering('{"score": 0.75, "reason": "Mostly correct"}'), []);
    expect(result["score"]).toBe(0.75);
    expect(result["reason"]).toBe("Mostly correct");
    expect(result).not.toHaveProperty("nl_assertion_verdicts");
    expect(result).not.toHaveProperty("nl_assertion_pass_rate");
  });
  it("test_empty_assertions_list_treated_as_none", async () => {
    const { result } = await judge(answering('{"score": 1.0, "reason": "ok"}'), []);
    expect(result).not.toHaveProperty("nl_assertion_verdicts");
    expect(result).not.toHaveProperty("nl_assertion_pass_rate");
  });
});

describe("string matching and the judge's input", () => {
  // The action matcher's string comparison (clean_text is not modelled; it changes nothing here).
  it("test_string_matching_uses_local_deterministic_normalization", () => {
    expect(matchItem("Flight SK-703!", "flight sk703", { ignoreCapitalization: true, ignorePunctuation: true })).toBe(true);
  });
  it("test_context_history_is_not_compacted_by_default", () => {
    const long = "x".repeat(100);
    const content = judgeUserContent({
      agentContext: [
        { role: "system", content: long },
        { role: "assistant", content: "first assistant message" },
        { role: "assistant", content: "second assistant message" },
      ],
      nlAssertions: [],
    });
    expect(content).toContain(long);
    expect(content).toContain("first assistant message");
    expect(content).toContain("second assistant message");
    expect(content).not.toContain("truncated");
  });
});

describe("verdicts", () => {
  it("test_happy_path_two_passes_one_fail", async () => {
    const { result } = await judge(
      answering(
        '{"score": 0.67, "reason": "Partial", "nl_assertion_verdicts": [{"index": 1, "passed": true, "reason": "Yes"},{"index": 2, "passed": false, "reason": "Missed"},{"index": 3, "passed": true, "reason": "Yes again"}]}',
      ),
      ["A", "B", "C"],
    );
    const v = result["nl_assertion_verdicts"] as V[];
    expect(v.map((x) => x.passed)).toEqual([true, false, true]);
    expect(result["nl_assertion_pass_rate"]).toBe(2 / 3);
    expect(v.map((x) => x.assertion)).toEqual(["A", "B", "C"]);
  });
  it("test_missing_verdict_fills_with_false", async () => {
    const { result } = await judge(
      answering('{"score": 0.5, "reason": "x", "nl_assertion_verdicts": [{"index": 1, "passed": true, "reason": "ok"},{"index": 3, "passed": true, "reason": "ok"}]}'),
      ["A", "B", "C"],
    );
    const v = result["nl_assertion_verdicts"] as V[];
    expect(v).toHaveLength(3);
    expect(v.map((x) => x.passed)).toEqual([true, false, true]);
    expect(v[1]!.reason).toContain("Missing");
    expect(result["nl_assertion_pass_rate"]).toBe(2 / 3);
  });
  it("test_api_error_produces_all_false_verdicts", async () => {
    const { result } = await judge(failing("connection refused"), ["A", "B"]);
    expect(result["score"]).toBe(0);
    expect(result["reason"]).toContain("connection refused");
    const v = result["nl_assertion_verdicts"] as V[];
    expect(v).toHaveLength(2);
    expect(v.every((x) => x.passed === false && x.reason.includes("connection refused"))).toBe(true);
    expect(result["nl_assertion_pass_rate"]).toBe(0);
  });
});

describe("numeric settings of the judge endpoint", () => {
  const base = { base_url: "http://fake", model: "fake-model" };
  const parse = (extra: object) => parseLlmConfig({ ...base, ...extra }, "judge.yaml");
  // evalsim's judge endpoint settings: timeout_seconds and max_tokens (a YAML/JSON file, not flags).
  it.each([
    ["timeout", { timeout_seconds: 0 }, /timeout_seconds/],
    ["max_tokens", { max_tokens: 0 }, /max_tokens/],
  ])("test_judge_init_rejects_invalid_numeric_config[%s]", (_name, extra, message) => {
    expect(() => parse(extra)).toThrow(message);
  });
  it.each([
    ["judge_timeout=0", { timeout_seconds: 0 }],
    ["judge_timeout=inf", { timeout_seconds: parsePythonJson("Infinity") }],
  ])("test_validate_judge_numeric_options_rejects_invalid_values[%s]", (_name, extra) => {
    expect(() => parse(extra)).toThrow(/timeout_seconds/);
  });
  it("test_validate_judge_numeric_options_accepts_valid_values", () => {
    expect(parse({ timeout_seconds: 0.1, max_tokens: 1 }).timeoutSeconds).toBe(0.1);
  });
});
