/**
 * The per-call invariants, for every tool of every registered domain (see
 * invariants/step.ts): each tool is called with generated arguments after a
 * few calls that vary the state, and every call of the run is checked.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { replayCalls } from "../../src/replay/replay-calls.js";
import type { Side } from "../../src/engine/types.js";
import { SIDES } from "../../src/engine/types.js";
import { resolveCall } from "../../src/fuzz/call-plans.js";
import { callPlanArb } from "../../src/fuzz/call-plans.js";
import { EMPTY_POOLS, NO_LOCAL_POOLS } from "../../src/fuzz/pools.js";
import { profileOf } from "../../src/fuzz/profile.js";
import { focusedPlanArb } from "../../src/fuzz/sequences.js";
import { entriesOf, worldAt } from "./worlds.js";
import { runPlans } from "../../src/fuzz/sequence.js";
import { runs } from "./settings.js";

const RUNS_PER_TOOL = 60;

for (const domain of registry.domains) {
  const profile = profileOf(domain);
  describe(`${domain.name}: every call of every tool`, () => {
    for (const side of SIDES) {
      for (const tool of domain.tools[side] ?? []) {
        it(`${side} ${tool.name}`, () => {
          const outcomes = new Set<string>();
          fc.assert(
            fc.property(focusedPlanArb(domain, side, tool, 2), (seq) => {
              const run = runPlans(worldAt(domain, seq.world), seq.calls);
              const last = run.steps[run.steps.length - 1];
              if (last) outcomes.add(last.status);
              expect(run.violations).toEqual([]);
            }),
            runs(RUNS_PER_TOOL),
          );
          // The generated calls reach the tool itself, not only its argument check.
          expect([...outcomes].filter((s) => s === "ok" || s === "error").length).toBeGreaterThan(0);
        });
      }
    }
  });

  for (const crash of profile.parityCrashes) {
    it(`${domain.name}: the documented parity crash of ${crash.tool} still happens, with the reference's message`, () => {
      const entry = entriesOf(domain).find((e) => e.scenario.name === crash.example.scenario);
      if (!entry) throw new Error(`no scenario ${crash.example.scenario}`);
      const replayed = replayCalls(entry, crash.example.calls, { seed: 1, names: "llm" });
      const last = replayed.calls[replayed.calls.length - 1];
      expect(last?.status).toBe("crashed");
      expect(last?.result).toEqual({ error: crash.example.error });
      expect(crash.message.test(crash.example.error)).toBe(true);
    });
  }

  it(`${domain.name}: on a missing or empty DB every tool answers without crashing (only Python's binding TypeError, for arguments that are not a mapping)`, () => {
    const sides = SIDES.filter((s): s is Side => (domain.tools[s] ?? []).length > 0);
    fc.assert(
      fc.property(fc.constantFrom(...sides).chain((side) => callPlanArb({ [side]: domain.tools[side] ?? [] }, profile.hints)), fc.boolean(), (plan, missing) => {
        const tool = (domain.tools[plan.side] ?? []).find((t) => t.name === plan.tool);
        if (!tool) throw new Error(`no tool ${plan.tool}`);
        const call = resolveCall(plan, tool, { global: EMPTY_POOLS, local: NO_LOCAL_POOLS, hints: profile.hints });
        const state = initialRunState(missing ? {} : { [plan.side]: {} });
        const out = dispatch(domain, state, plan.side, call, { today: worldAt(domain, 0).today, rng: createRng(1), names: "llm" });
        // Python itself refuses arguments that are not a mapping (a TypeError result); no tool code may crash.
        if (out.status === "crashed") expect(out.raisedIn).toBe("binding");
        // Only a tool that needs no DB (a transfer, the calculator) gets past the DB check.
        if (out.status === "ok") expect(tool.needsDb).toBe(false);
        else expect(out.records).toEqual([]);
      }),
      runs(200),
    );
  });
}
