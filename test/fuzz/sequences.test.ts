/** familyOf and the sequence generators: which tools a generated conversation may call. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { Domain } from "../../src/engine/domain.js";
import { familyOf, focusedPlanArb, sequencePlanArb } from "../../src/fuzz/sequences.js";

const domain = (name: string): Domain => {
  const d = registry.domain(name);
  if (d === undefined) throw new Error(name);
  return d;
};

describe("familyOf", () => {
  it("is every tool of each side the domain has", () => {
    const retail = familyOf(domain("tau2_retail"));
    expect(Object.keys(retail)).toEqual(["agent"]);
    expect(retail.agent).toBe(domain("tau2_retail").tools.agent);
    const telecom = familyOf(domain("tau2_telecom"));
    expect(Object.keys(telecom)).toEqual(["agent", "user"]);
    expect(telecom.user).toHaveLength(30);
  });
});

describe("sequence plans", () => {
  it("hold between one and maxCalls calls, a world fraction in [0, 1)", () => {
    const d = domain("tau2_retail");
    for (const plan of fc.sample(sequencePlanArb(d, familyOf(d), 4), { numRuns: 20, seed: 1 })) {
      expect(plan.calls.length).toBeGreaterThanOrEqual(1);
      expect(plan.calls.length).toBeLessThanOrEqual(4);
      expect(plan.world).toBeGreaterThanOrEqual(0);
      expect(plan.world).toBeLessThan(1);
    }
  });

  it("a focused plan ends with a call of the focused tool, after at most maxPrefix others", () => {
    const d = domain("tau2_retail");
    const tool = d.tools.agent.find((t) => t.name === "GetOrderDetailsTool");
    if (tool === undefined) throw new Error("tool");
    for (const plan of fc.sample(focusedPlanArb(d, "agent", tool, 2), { numRuns: 20, seed: 2 })) {
      expect(plan.calls.length).toBeLessThanOrEqual(3);
      expect(plan.calls.at(-1)?.tool).toBe("GetOrderDetailsTool");
      expect(plan.calls.at(-1)?.side).toBe("agent");
    }
  });
});
