/**
 * A generated conversation: which scenario it starts from and the calls it
 * makes, on whichever sides the domain has tools for.
 */
import fc from "fast-check";
import type { Domain } from "../engine/domain.js";
import type { AnyToolDef, Side } from "../engine/types.js";
import type { CallPlan } from "./call-plans.js";
import { callPlanArb, unit } from "./call-plans.js";
import { profileOf } from "./profile.js";

export interface SequencePlan {
  /** Which scenario, as a fraction of the domain's scenario list. */
  readonly world: number;
  readonly calls: readonly CallPlan[];
  /** Seeds the reorderings of the end DBs that must not change their hashes. */
  readonly shuffle?: number;
}

/** The tools of each side a sequence may call: a whole family, or a subset of it. */
export type ToolFamily = Readonly<Partial<Record<Side, readonly AnyToolDef[]>>>;

export function familyOf(domain: Domain): ToolFamily {
  return { agent: domain.tools.agent, ...(domain.tools.user ? { user: domain.tools.user } : {}) };
}

export function sequencePlanArb(domain: Domain, family: ToolFamily, maxCalls: number): fc.Arbitrary<SequencePlan> {
  const hints = profileOf(domain).hints;
  return fc.record({
    world: unit,
    calls: fc.array(callPlanArb(family, hints), { minLength: 1, maxLength: maxCalls }),
    shuffle: fc.noShrink(fc.integer()),
  });
}

/** A few calls of the whole family to vary the state, then one call of `tool`. */
export function focusedPlanArb(domain: Domain, side: Side, tool: AnyToolDef, maxPrefix: number): fc.Arbitrary<SequencePlan> {
  const hints = profileOf(domain).hints;
  const prefix = maxPrefix > 0 ? fc.array(callPlanArb(familyOf(domain), hints), { maxLength: maxPrefix }) : fc.constant([]);
  return fc.record({ world: unit, prefix, last: callPlanArb({ [side]: [tool] }, hints) }).map(({ world, prefix: p, last }) => ({ world, calls: [...p, last] }));
}
