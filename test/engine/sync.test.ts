/** Sync to a fixpoint, over a two-sided stand-in domain. */
import { describe, expect, it } from "vitest";
import type { Domain, SyncSpec } from "../../src/engine/domain.js";
import { initialRunState } from "../../src/engine/dispatch.js";
import { runSync } from "../../src/engine/sync.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

// The phone shows the line as active when the back office says so; applying a
// delta sets the key and recomputes `bars` from `active`.
const sync: SyncSpec = {
  sync(agent, user) {
    const want = agent["line_active"] === true;
    return user["active"] === want ? {} : ((user["active"] = want), { user: { active: want } });
  },
  applyDelta(db, delta) {
    const errors: string[] = [];
    for (const [k, v] of Object.entries(delta)) {
      if (k !== "active") errors.push(`cannot apply ${k}`);
      else db[k] = v;
    }
    db["bars"] = db["active"] === true ? 4 : 0;
    return errors;
  },
};

const phone: Domain = {
  ...tinyDomain("phone"),
  sync,
};

describe("runSync", () => {
  it("brings the user side in line and applies the delta through the applier", () => {
    const state = initialRunState({ agent: deepFreeze({ line_active: true }), user: deepFreeze({ active: false, bars: 0 }) });
    const out = runSync(phone, state);
    expect(out.deltas).toEqual({ user: { active: true } });
    expect(out.state.dbs.user).toEqual({ active: true, bars: 4 });
    expect(out.errors).toEqual([]);
  });

  it("is a fixpoint: a second sync changes nothing", () => {
    const once = runSync(phone, initialRunState({ agent: deepFreeze({ line_active: true }), user: deepFreeze({ active: false, bars: 0 }) }));
    const twice = runSync(phone, once.state);
    expect(twice.deltas).toEqual({});
    expect(twice.state.dbs).toEqual(once.state.dbs);
  });

  it("does nothing for a domain without sync or a run with one DB", () => {
    const state = initialRunState({ agent: deepFreeze({ line_active: true }) });
    expect(runSync(phone, state).state).toBe(state);
    const both = initialRunState({ agent: deepFreeze({ line_active: true }), user: deepFreeze({ active: false }) });
    expect(runSync(tinyDomain("plain"), both).state).toBe(both);
  });
});
