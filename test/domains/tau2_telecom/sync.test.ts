import { produce } from "immer";
import { describe, expect, it } from "vitest";
import type { SideDeltas } from "../../../src/engine/domain.js";
import { syncTelecomState, telecomSync } from "../../../src/domains/tau2_telecom/sync.js";
import { SYNC_CASES } from "./cases/sync-cases.js";
import { changes, fixtureDb } from "./helpers.js";

describe("syncTelecomState matches the reference's sync_telecom_state", () => {
  for (const c of SYNC_CASES) {
    it(c.label, () => {
      const agent = fixtureDb("agent", c.agent);
      const user = fixtureDb("user", c.user);
      if ("raised" in c.expect) {
        expect(() => syncTelecomState(agent, user)).toThrow(c.expect.raised.slice(c.expect.raised.indexOf(": ") + 2));
        try {
          syncTelecomState(fixtureDb("agent", c.agent), fixtureDb("user", c.user));
        } catch (e) {
          expect(`${(e as Error).name}: ${(e as Error).message}`).toBe(c.expect.raised);
        }
        return;
      }
      const agent0 = structuredClone(agent);
      const user0 = structuredClone(user);
      const deltas = syncTelecomState(agent, user);
      expect(deltas).toEqual(c.expect.deltas);
      // Key order is part of the contract: deltas are applied key by key.
      expect(Object.keys(deltas.user)).toEqual(Object.keys(c.expect.deltas.user));
      expect(Object.keys(deltas.agent)).toEqual(Object.keys(c.expect.deltas.agent));
      expect(changes(agent0, agent)).toEqual(c.expect.agent);
      expect(changes(user0, user)).toEqual(c.expect.user);

      const agent1 = structuredClone(agent);
      const user1 = structuredClone(user);
      if (Object.keys(deltas.agent).length > 0) expect(telecomSync.applyDelta(agent, deltas.agent)).toEqual([]);
      if (Object.keys(deltas.user).length > 0) expect(telecomSync.applyDelta(user, deltas.user)).toEqual([]);
      expect(changes(agent1, agent)).toEqual(c.expect.applied_agent);
      expect(changes(user1, user)).toEqual(c.expect.applied_user);
    });
  }

  it("reaches a fixpoint: a second sync finds nothing to do", () => {
    for (const c of SYNC_CASES) {
      if ("raised" in c.expect) continue;
      const agent = fixtureDb("agent", c.agent);
      const user = fixtureDb("user", c.user);
      syncTelecomState(agent, user);
      expect(syncTelecomState(agent, user), c.label).toEqual({ agent: {}, user: {} });
    }
  });

  it("keeps the DB's payment request and the delta's apart", () => {
    const agent = fixtureDb("agent", { "bills.1.status": "Awaiting Payment" });
    const user = fixtureDb("user", { "surroundings.phone_number": "555-123-2002" });
    const deltas = syncTelecomState(agent, user);
    const surroundings = user["surroundings"] as Record<string, unknown>;
    expect(deltas.user["surroundings.payment_request"]).toEqual(surroundings["payment_request"]);
    expect(deltas.user["surroundings.payment_request"]).not.toBe(surroundings["payment_request"]);
  });

  it("returns plain values when run on immer drafts", () => {
    // An object-valued total_due makes the delta copy a value read through a draft.
    const base = {
      agent: fixtureDb("agent", { "bills.1.status": "Awaiting Payment", "bills.1.total_due": { value: 150 } }),
      user: fixtureDb("user", { "surroundings.phone_number": "555-123-2002" }),
    };
    let deltas: SideDeltas = {};
    const next = produce(base, (draft) => {
      deltas = telecomSync.sync(draft.agent, draft.user);
    });
    // Reading the deltas after the recipe would throw if they held revoked drafts.
    expect(JSON.parse(JSON.stringify(deltas))).toEqual({
      agent: {},
      user: {
        "surroundings.roaming_allowed": true,
        "surroundings.payment_request": { bill_id: "B1002", amount_due: { value: 150 }, paid: false },
      },
    });
    expect(next.user).not.toBe(base.user);
  });
});
