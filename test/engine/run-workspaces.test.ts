import { describe, expect, it } from "vitest";
import { initialRunState } from "../../src/engine/dispatch.js";
import { openWorkspaces, sealWorkspaces } from "../../src/engine/run-workspaces.js";
import { deepFreeze } from "../../src/json/freeze.js";
import type { JsonObject } from "../../src/json/types.js";

describe("run workspaces", () => {
  it("opens one workspace per side that has a DB, on the run's start state", () => {
    const agent = deepFreeze({ items: { I1: { count: 1 } } });
    const ws = openWorkspaces(initialRunState({ agent }));
    expect(Object.keys(ws)).toEqual(["agent"]);
    expect(ws.agent?.root).toBe(agent);
  });

  it("seals the live roots a run's state holds into deep-frozen DBs, and leaves a DB no workspace holds as it is", () => {
    const agent = deepFreeze({ items: { I1: { count: 1 } } });
    const user: JsonObject = deepFreeze({ phone: { on: true } });
    const start = initialRunState({ agent, user });
    const ws = openWorkspaces(start);
    const draft = ws.agent?.begin() as JsonObject;
    ((draft["items"] as JsonObject)["I1"] as JsonObject)["count"] = 4;
    ws.agent?.commit();
    const live = ws.agent?.root as JsonObject;
    expect(Object.isFrozen(live)).toBe(false);
    const otherUser = deepFreeze({ phone: { on: false } });
    const sealed = sealWorkspaces({ ...start, dbs: { agent: live, user: otherUser } }, ws);
    expect(sealed.dbs.agent).toEqual({ items: { I1: { count: 4 } } });
    expect(Object.isFrozen(sealed.dbs.agent)).toBe(true);
    expect(Object.isFrozen((sealed.dbs.agent?.["items"] as JsonObject)["I1"])).toBe(true);
    expect(sealed.dbs.user).toBe(otherUser);
    expect(agent).toEqual({ items: { I1: { count: 1 } } });
  });
});
