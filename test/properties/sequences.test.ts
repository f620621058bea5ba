/**
 * Whole sequences, per tool family (each side's tools of each registered
 * domain, and both sides together where a domain has two): every call is
 * checked as in tool-calls.test.ts, and each sequence must be deterministic,
 * agree with the replay path, survive record/replay where records can be
 * replayed, and leave DBs that fit their fixture schemas
 * (invariants/sequence.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { Side } from "../../src/engine/types.js";
import { SIDES } from "../../src/engine/types.js";
import { profileOf } from "../../src/fuzz/profile.js";
import type { ToolFamily } from "../../src/fuzz/sequences.js";
import { familyOf, sequencePlanArb } from "../../src/fuzz/sequences.js";
import { judgeSequence } from "../../src/fuzz/verdict.js";
import { runs } from "./settings.js";
import { worldsOf } from "./worlds.js";

const SEQUENCES_PER_FAMILY = 200;
const MAX_CALLS = 8;

for (const domain of registry.domains) {
  const sides = SIDES.filter((s): s is Side => (domain.tools[s] ?? []).length > 0);
  const families: [string, ToolFamily][] = sides.map((s) => [`${s} tools`, { [s]: domain.tools[s] ?? [] }]);
  if (sides.length > 1) families.push(["both sides", familyOf(domain)]);

  describe(`${domain.name}: sequences`, () => {
    it("declares the schema of each side's DB for the fuzzer", () => {
      const schemas = profileOf(domain).schemas;
      for (const side of sides) expect(schemas[side], side).toBeDefined();
    });
    for (const [label, family] of families) {
      it(`${label}: per-call invariants, determinism, replay, schemas`, () => {
        fc.assert(
          fc.property(sequencePlanArb(domain, family, MAX_CALLS), (seq) => {
            const verdict = judgeSequence(worldsOf(domain), seq);
            if (verdict.violations.length > 0) throw new Error(verdict.report);
          }),
          runs(SEQUENCES_PER_FAMILY),
        );
      });
    }
  });
}
