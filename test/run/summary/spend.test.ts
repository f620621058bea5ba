import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json/types.js";
import { computeSpend, formatSpend } from "../../../src/run/summary/spend.js";

const usage = (token_usage: JsonObject): JsonObject => ({ status: "passed", token_usage });

describe("computeSpend", () => {
  it("is undefined when no model played any side (no entry carries requests)", () => {
    expect(computeSpend([])).toBeUndefined();
    expect(computeSpend([{ status: "passed" }, usage({ agent: { n_calls: 3 } })])).toBeUndefined();
  });

  it("adds requests and tokens per side and in the total; cost is rounded to six places", () => {
    const spend = computeSpend([
      usage({ agent: { requests: 2, prompt: 100, completion: 10, cost: 0.1 }, user: { requests: 1, prompt: 50, completion: 5, cost: 0.2 } }),
      usage({ agent: { requests: 3, prompt: 300, completion: 30, cost: 0.0000004 } }),
    ]);
    expect(spend).toEqual({
      agent: { requests: 5, prompt: 400, completion: 40, cost: 0.1 },
      user: { requests: 1, prompt: 50, completion: 5, cost: 0.2 },
      total: { requests: 6, prompt: 450, completion: 45, cost: 0.3 },
    });
  });

  it("a total that includes an unreported count is null, not a smaller number", () => {
    const spend = computeSpend([usage({ agent: { requests: 1, prompt: 10, completion: 1, cost: 0.5 } }), usage({ agent: { requests: 1, prompt: null, completion: 2 } })]);
    expect(spend?.agent).toEqual({ requests: 2, prompt: null, completion: 3, cost: null });
  });

  it("reasoning tokens appear once reported, and turn null when an entry with requests did not report them", () => {
    expect(computeSpend([usage({ agent: { requests: 1, prompt: 1, completion: 1, reasoning: 7 } }), usage({ agent: { requests: 1, prompt: 1, completion: 1, reasoning: 3 } })])?.agent?.reasoning).toBe(10);
    expect(computeSpend([usage({ agent: { requests: 1, prompt: 1, completion: 1, reasoning: 7 } }), usage({ agent: { requests: 1, prompt: 1, completion: 1 } })])?.agent?.reasoning).toBeNull();
    expect(computeSpend([usage({ agent: { requests: 1, prompt: 1, completion: 1 } })])?.agent).not.toHaveProperty("reasoning");
  });

  it("failed attempts are summed once some scenario had one", () => {
    const spend = computeSpend([usage({ judge: { requests: 1, prompt: 1, completion: 1 } }), usage({ judge: { requests: 2, failed_attempts: 3, prompt: 1, completion: 1 } })]);
    expect(spend?.judge).toEqual({ requests: 3, failed_attempts: 3, prompt: 2, completion: 2 });
  });
});

describe("formatSpend", () => {
  it("one line per side, every HTTP attempt counted, unknowns said in words", () => {
    expect(
      formatSpend({
        agent: { requests: 5, prompt: 400, completion: null, reasoning: 12, cost: null },
        total: { requests: 5, failed_attempts: 2, prompt: 400, completion: 40 },
      }),
    ).toEqual([
      "",
      "Spend:",
      "  agent  5 requests, prompt tokens 400, completion tokens not reported (reasoning 12), cost unknown",
      "  total  7 requests (5 answered, 2 failed), prompt tokens 400, completion tokens 40",
    ]);
  });
});
