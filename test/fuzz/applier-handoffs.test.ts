/** The applier hand-off check: only the deltas of the step's own sync, each once. */
import { describe, expect, it } from "vitest";
import type { Domain, SyncSpec } from "../../src/engine/domain.js";
import { initialRunState } from "../../src/engine/dispatch.js";
import { runSync } from "../../src/engine/sync.js";
import { handoffProblems, watchApplier } from "../../src/fuzz/applier-handoffs.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

// Both sides change in one step: the back office learns the phone's alerts setting, the phone the line state.
const sync: SyncSpec = {
  sync(agent, user) {
    const out: { agent?: Record<string, boolean>; user?: Record<string, boolean> } = {};
    if (user["active"] !== agent["line_active"]) out.user = { active: (user["active"] = agent["line_active"] === true) };
    if (agent["alerts"] !== user["alerts"]) out.agent = { alerts: (agent["alerts"] = user["alerts"] === true) };
    return out;
  },
  applyDelta(db, delta) {
    Object.assign(db, delta);
    return [];
  },
};
const phone: Domain = { ...tinyDomain("phone"), sync };

describe("handoffProblems", () => {
  const agent = { alerts: true };
  const user = { active: true };

  it("finds nothing when each delta of the step is handed once", () => {
    expect(handoffProblems([agent, user], { agent, user })).toEqual([]);
    expect(handoffProblems([], {})).toEqual([]);
    expect(handoffProblems([], { agent: {} })).toEqual([]);
  });

  it("names a delta from an earlier step, one handed twice and one never handed", () => {
    const earlier = { active: false };
    expect(handoffProblems([earlier, user], { user })).toEqual(["the applier was handed a delta this sync step did not produce"]);
    expect(handoffProblems([user, user], { user })).toEqual(["a delta was handed to the applier twice in one sync step"]);
    expect(handoffProblems([user], { agent, user })).toEqual(["the agent delta of this sync step was never handed to the applier"]);
  });
});

describe("watchApplier", () => {
  it("sees what the engine's sync step hands the applier: both fresh deltas, once each", () => {
    const watched = watchApplier(phone);
    const state = initialRunState({ agent: deepFreeze({ line_active: true, alerts: false }), user: deepFreeze({ active: false, alerts: true }) });
    const out = runSync(watched.domain, state);
    expect(out.deltas).toEqual({ user: { active: true }, agent: { alerts: true } });
    expect(watched.handoffs.handed).toEqual([{ alerts: true }, { active: true }]);
    expect(handoffProblems(watched.handoffs.handed, out.deltas)).toEqual([]);
    // The next step finds the DBs in agreement: nothing is handed, nothing seen before comes back.
    const next = watchApplier(phone);
    const again = runSync(next.domain, out.state);
    expect(next.handoffs.handed).toEqual([]);
    expect(handoffProblems(next.handoffs.handed, again.deltas)).toEqual([]);
  });

  it("leaves a domain without sync as it is", () => {
    const plain = tinyDomain("plain");
    expect(watchApplier(plain).domain).toBe(plain);
  });
});
