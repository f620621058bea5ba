/**
 * What a model-backed party (a bot, the judge) has spent: requests answered,
 * HTTP attempts that brought no reply (failures, retried attempts), and the
 * prompt and completion tokens the endpoint reported. A count the endpoint
 * did not report for some reply is unknown, so the total is `null`, never a
 * made-up 0. With prices in the config the cost follows.
 */
import type { TokenUsage } from "./chat.js";

export interface Spend {
  readonly requests: number;
  /** HTTP attempts that brought no reply (errors, timeouts, attempts retried); present only when some did. */
  readonly failed?: number;
  readonly prompt: number | null;
  readonly completion: number | null;
  /**
   * Reasoning tokens (part of `completion`), present only once some reply
   * reported them; `null` when another reply did not.
   */
  readonly reasoning?: number | null;
  /** In the config's currency; present only when the config gives both prices. */
  readonly cost?: number | null;
}

export interface Prices {
  readonly pricePerMillionInput?: number | undefined;
  readonly pricePerMillionOutput?: number | undefined;
}

const plus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);

export interface SpendTally {
  /** A reply, after `failedBefore` attempts of its request that failed. */
  add(usage: TokenUsage, failedBefore?: number): void;
  /** A request given up: its attempts all failed. */
  addFailed(attempts: number): void;
  spend(): Spend;
}

/** Cost rounded to a millionth, so totals print the same whatever the order of addition. */
export function costOf(prompt: number | null, completion: number | null, prices: Prices): number | null | undefined {
  if (prices.pricePerMillionInput === undefined || prices.pricePerMillionOutput === undefined) return undefined;
  if (prompt === null || completion === null) return null;
  return Math.round(((prompt * prices.pricePerMillionInput + completion * prices.pricePerMillionOutput) / 1e6) * 1e6) / 1e6;
}

export function createSpendTally(prices: Prices = {}): SpendTally {
  let requests = 0;
  let prompt: number | null = 0;
  let completion: number | null = 0;
  let reasoning: number | null = 0;
  let reported = false;
  let failed = 0;
  return {
    add(usage, failedBefore = 0) {
      requests++;
      failed += failedBefore;
      prompt = plus(prompt, usage.prompt);
      completion = plus(completion, usage.completion);
      reasoning = plus(reasoning, usage.reasoning ?? null);
      if (usage.reasoning !== undefined) reported = true;
    },
    addFailed(attempts) {
      failed += attempts;
    },
    spend() {
      const cost = costOf(prompt, completion, prices);
      return { requests, ...(failed > 0 ? { failed } : {}), prompt, completion, ...(reported ? { reasoning } : {}), ...(cost !== undefined ? { cost } : {}) };
    },
  };
}
