/** createSpendTally and costOf: what a model-backed party has spent. */
import { describe, expect, it } from "vitest";
import { costOf, createSpendTally } from "../../src/llm/usage.js";

describe("createSpendTally", () => {
  it("starts at zero requests and zero tokens, with no failed, reasoning or cost fields", () => {
    expect(createSpendTally().spend()).toEqual({ requests: 0, prompt: 0, completion: 0 });
  });

  it("adds tokens and failed attempts, reasoning only once a reply reported it", () => {
    const t = createSpendTally();
    t.add({ prompt: 100, completion: 20 });
    t.add({ prompt: 50, completion: 5, reasoning: 3 }, 2);
    t.addFailed(3);
    expect(t.spend()).toEqual({ requests: 2, failed: 5, prompt: 150, completion: 25, reasoning: null });
  });

  it("a count one reply did not report makes the total unknown (null), never 0", () => {
    const t = createSpendTally({ pricePerMillionInput: 1, pricePerMillionOutput: 2 });
    t.add({ prompt: 10, completion: null });
    t.add({ prompt: 10, completion: 4 });
    expect(t.spend()).toEqual({ requests: 2, prompt: 20, completion: null, cost: null });
  });

  it("prices the tokens when the config gives both prices", () => {
    const t = createSpendTally({ pricePerMillionInput: 0.5, pricePerMillionOutput: 1.5 });
    t.add({ prompt: 1000, completion: 200, reasoning: 50 });
    expect(t.spend()).toEqual({ requests: 1, prompt: 1000, completion: 200, reasoning: 50, cost: 0.0008 });
  });
});

describe("costOf", () => {
  it("is absent without both prices and rounded to a millionth", () => {
    expect(costOf(10, 10, { pricePerMillionInput: 1 })).toBeUndefined();
    expect(costOf(1, 1, { pricePerMillionInput: 0.1, pricePerMillionOutput: 0.2 })).toBe(0);
    expect(costOf(3, 7, { pricePerMillionInput: 0.1, pricePerMillionOutput: 0.2 })).toBe(0.000002);
    expect(costOf(1_000_000, 2_000_000, { pricePerMillionInput: 0.1, pricePerMillionOutput: 0.2 })).toBe(0.5);
  });
});
