/**
 * The reference's verdict normalization cases (tests/unit/test_llm_judge_nl_assertions.py)
 * not covered elsewhere: indices outside 1..n or not numbers are dropped and
 * their slots fail, only a JSON `true` passes, verdicts come back in index order.
 */
import { describe, expect, it } from "vitest";
import type { ChatClient } from "../../src/llm/chat.js";
import { createJudge } from "../../src/llm/judge.js";

const answering = (content: string): ChatClient => ({ complete: () => Promise.resolve({ content, toolCalls: [], usage: { prompt: 1, completion: 1 } }) });

async function verdictsFor(reply: string): Promise<{ index: number; passed: boolean; reason: string }[]> {
  const { result } = await createJudge(answering(reply))({ reference: "r", prediction: "p", nlAssertions: ["A", "B", "C"] });
  return result["nl_assertion_verdicts"] as { index: number; passed: boolean; reason: string }[];
}

describe("judge verdicts", () => {
  it("test_out_of_range_indices_are_dropped: drops index 0, an index past the last assertion and a non-numeric one", async () => {
    const v = await verdictsFor(
      '{"score": 0.33, "reason": "x", "nl_assertion_verdicts": [{"index": 0, "passed": true, "reason": "low"}, {"index": 99, "passed": true, "reason": "high"}, {"index": "foo", "passed": true, "reason": "text"}, {"index": 2, "passed": true, "reason": "valid"}]}',
    );
    expect(v.map((x) => x.passed)).toEqual([false, true, false]);
    expect(v.map((x) => x.reason)).toEqual(["Missing verdict; treated as failed.", "valid", "Missing verdict; treated as failed."]);
  });

  it("test_strict_passed_boolean: passes only a JSON true: 1 and \"true\" fail", async () => {
    const v = await verdictsFor('{"score": 0.5, "reason": "x", "nl_assertion_verdicts": [{"index": 1, "passed": 1, "reason": "int"}, {"index": 2, "passed": "true", "reason": "string"}, {"index": 3, "passed": true, "reason": "bool"}]}');
    expect(v.map((x) => x.passed)).toEqual([false, false, true]);
  });

  it("test_verdicts_emitted_out_of_order_get_sorted_by_index: returns verdicts in index order whatever order the model wrote them in", async () => {
    const v = await verdictsFor('{"score": 1.0, "reason": "x", "nl_assertion_verdicts": [{"index": 3, "passed": true, "reason": "third"}, {"index": 1, "passed": true, "reason": "first"}, {"index": 2, "passed": true, "reason": "second"}]}');
    expect(v.map((x) => [x.index, x.reason])).toEqual([
      [1, "first"],
      [2, "second"],
      [3, "third"],
    ]);
  });
});
