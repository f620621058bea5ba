/**
 * Answer pairs for check_if_task_success: seeded, in the shapes a reference
 * file holds, with predictions that both match and miss.
 */
import { describe, expect, it } from "vitest";
import { generatedPairs, realPairs } from "../../src/crosscheck/action-pairs.js";
import { createRng } from "../../src/engine/rng.js";
import type { JsonValue } from "../../src/json/types.js";
import { isJsonObject } from "../../src/json/types.js";
import { checkIfTaskSuccess } from "../../src/scoring/action-match.js";

describe("action-match answer pairs", () => {
  const pairs = generatedPairs(createRng("pairs:1"), 300);

  it("are the same for the same seed", () => {
    expect(generatedPairs(createRng("pairs:1"), 300)).toEqual(pairs);
  });

  it("give references as a dict or a list of dicts, and flags without clean_text", () => {
    for (const p of pairs) {
      const ref = JSON.parse(p.reference) as unknown;
      expect(isJsonObject(ref as never) || (Array.isArray(ref) && ref.every((x) => isJsonObject(x as never)))).toBe(true);
      expect(Object.keys(p.flags).sort()).toEqual(["disallow_extra_items", "ignore_capitalization", "ignore_punctuation"]);
    }
  });

  it("hold predictions that match and predictions that miss, under each flag", () => {
    const verdicts = pairs.map((p) => checkIfTaskSuccess(JSON.parse(p.reference) as JsonValue, JSON.parse(p.prediction) as JsonValue, { disallowExtraItems: p.flags.disallow_extra_items }));
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(30);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThan(30);
    for (const flag of ["ignore_capitalization", "ignore_punctuation", "disallow_extra_items"] as const) expect(pairs.some((p) => p.flags[flag])).toBe(true);
  });

  it("start real pairs from the answer's own text, a few predictions each", () => {
    const text = JSON.stringify({ actions: [{ name: "book", arguments: { seat: "12A", price: 250.0 } }] }, null, 4);
    const real = realPairs(createRng("real:1"), { "eva_airline__1.1.2": text }, 4);
    expect(real).toHaveLength(4);
    for (const p of real) expect(p).toMatchObject({ source: "eva_airline__1.1.2", reference: text });
  });
});
