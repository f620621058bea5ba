import { describe, expect, it } from "vitest";
import type { Domain, SyncSpec } from "../../src/engine/domain.js";
import { initialRunState } from "../../src/engine/dispatch.js";
import { endConversationTool } from "../../src/engine/end-conversation.js";
import { createRng } from "../../src/engine/rng.js";
import { step } from "../../src/engine/step.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

/** Counts the domain's sync calls (a sync step calls it until nothing changes); the user side mirrors the lamp's count. */
function counted(): { domain: Domain; runs: () => number } {
  let n = 0;
  const sync: SyncSpec = {
    sync(agent, user) {
      n++;
      const count = ((agent["items"] as Record<string, { count: number }>)["I1"] as { count: number }).count;
      return user["lamps"] === count ? {} : ((user["lamps"] = count), { user: { lamps: count } });
    },
    applyDelta: (db, delta) => (Object.assign(db, delta), []),
  };
  const base = tinyDomain("stock", [endConversationTool]);
  return { domain: { ...base, tools: { ...base.tools, user: [endConversationTool] }, sync }, runs: () => n };
}

const state = initialRunState({ agent: deepFreeze({ items: { I1: { item_id: "I1", name: "lamp", count: 2 } } }), user: deepFreeze({ lamps: 2 }) });
const env = { today: "2026-01-05", rng: createRng(1) };
const read = { name: "get_item", arguments: { item_id: "I1" } };
const write = { name: "restock_item", arguments: { item_id: "I1", amount: 3 } };
const refused = { name: "restock_item", arguments: { item_id: "I9", amount: 3 } };

describe("step", () => {
  it("after-writes (live runs, recorded replays): syncs only after a successful write", () => {
    const { domain, runs } = counted();
    expect(step(domain, state, "agent", read, env, "after-writes").sync).toBeUndefined();
    expect(step(domain, state, "agent", refused, env, "after-writes").sync).toBeUndefined();
    expect(runs()).toBe(0);
    const done = step(domain, state, "agent", write, env, "after-writes");
    expect(runs()).toBeGreaterThan(0);
    expect(done.sync?.deltas).toEqual({ user: { lamps: 5 } });
    expect(done.state.dbs.user).toEqual({ lamps: 5 });
    expect(done.call.status).toBe("ok");
  });

  it("every-call (gold replay): syncs after reads and refused calls too", () => {
    const { domain, runs } = counted();
    expect(step(domain, state, "agent", read, env, "every-call").sync).toEqual({ state: expect.anything() as unknown, deltas: {}, errors: [] });
    expect(runs()).toBeGreaterThan(0);
    expect(step(domain, state, "agent", refused, env, "every-call").sync).toEqual({ state: expect.anything() as unknown, deltas: {}, errors: [] });
  });

  it("only an agent's terminal tool ends the conversation; a user's never does", () => {
    const { domain } = counted();
    const end = { name: "EndConversationTool", arguments: {} };
    expect(step(domain, state, "agent", end, env, "after-writes").exit).toBe(true);
    const userEnd = step(domain, state, "user", end, env, "after-writes");
    expect(userEnd.call.exit).toBe(true);
    expect(userEnd.exit).toBe(false);
    expect(step(domain, state, "agent", read, env, "after-writes").exit).toBe(false);
  });
});
