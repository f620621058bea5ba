/**
 * The one replay loop under each of its rules: when the sides sync, what a
 * call naming no tool does, which crashes warn, how a tool's bug is thrown,
 * and what each replayed call carries. Gold replay and recorded replay are
 * this loop with their own rules (their specs are gold.test.ts and
 * replay-calls.test.ts).
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Domain, SyncSpec } from "../../src/engine/domain.js";
import { initialRunState, ToolBugError } from "../../src/engine/dispatch.js";
import type { PreparedState } from "../../src/engine/initial-state.js";
import { createRng } from "../../src/engine/rng.js";
import { defineTool } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";
import { deepFreeze } from "../../src/json/freeze.js";
import { PyError } from "../../src/python/error.js";
import type { CallListRules } from "../../src/replay/call-list.js";
import { replayCallList } from "../../src/replay/call-list.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const crash = defineTool({
  name: "crash",
  description: "Raises a Python exception the reference raises too.",
  args: z.object({}),
  kind: "read",
  run: () => {
    throw new PyError("KeyError", "'I9'");
  },
});
const buggy = defineTool({
  name: "buggy",
  description: "Has a bug.",
  args: z.object({}),
  kind: "read",
  run: () => {
    throw new TypeError("cannot read properties of undefined");
  },
});

/** A sync that counts its runs on the user side, and whose applier always reports one key it could not apply. */
const countingSync: SyncSpec = {
  sync: (_agent, user) => {
    user["syncs"] = ((user["syncs"] as number | undefined) ?? 0) + 1;
    return { user: { syncs: user["syncs"] } };
  },
  applyDelta: (db, delta) => {
    Object.assign(db, delta);
    return ["syncs (counted)"];
  },
};

const domain: Domain = { ...tinyDomain("stock", [crash, buggy]), sync: countingSync };
const DB: JsonObject = deepFreeze({ items: { I1: { item_id: "I1", name: "lamp", count: 2 }, I2: { item_id: "I2", name: "desk", count: 0 } } });
const prepared: PreparedState = { state: initialRunState({ agent: DB, user: deepFreeze({ syncs: 0 }) }), warnings: ["init: prepared"] };
const env = () => ({ today: "2026-01-05", rng: createRng(0).fork("t") });
const GOLD: CallListRules = { sync: "every-call", names: "records", unknownTools: "skip", warnCrashed: true };
const RECORDED: CallListRules = { sync: "after-writes", names: "records", unknownTools: "dispatch", warnCrashed: false };

const read = { name: "get_item", arguments: { item_id: "I1" } };
const write = { name: "restock_item", arguments: { item_id: "I2", amount: 3 } };

describe("replayCallList", () => {
  it("every-call syncs after each call; after-writes only after a call that wrote", () => {
    const calls = [read, read, write, read];
    expect(replayCallList(domain, prepared, calls, env(), GOLD).state.dbs.user).toStrictEqual({ syncs: 4 });
    expect(replayCallList(domain, prepared, calls, env(), RECORDED).state.dbs.user).toStrictEqual({ syncs: 1 });
  });

  it("warnings: the preparation's first, then each call's sync errors in call order", () => {
    const r = replayCallList(domain, prepared, [read, write], env(), RECORDED);
    expect(r.warnings).toStrictEqual(["init: prepared", "sync: syncs (counted)"]);
  });

  it("returns each call with its side, arguments, result and status, and the end state with the records", () => {
    const r = replayCallList(domain, prepared, [read, { ...write, side: "agent" as const }], env(), RECORDED);
    expect(r.calls).toStrictEqual([
      { name: "get_item", side: "agent", arguments: { item_id: "I1" }, result: { item_id: "I1", name: "lamp", count: 2 }, status: "ok" },
      { name: "restock_item", side: "agent", arguments: { item_id: "I2", amount: 3 }, result: { item_id: "I2", name: "desk", count: 3 }, status: "ok" },
    ]);
    expect(r.state.dbs.agent).toStrictEqual({ items: { I1: { item_id: "I1", name: "lamp", count: 2 }, I2: { item_id: "I2", name: "desk", count: 3 } } });
    expect(r.state.actions).toStrictEqual([{ action_type: "restock_item", name: "restock_item", arguments: { item_id: "I2", amount: 3 }, result: { item_id: "I2", name: "desk", count: 3 }, side: "agent" }]);
    // The prepared state is a value: the replay leaves it as it was, and seals what it returns.
    expect(prepared.state.dbs.agent).toBe(DB);
    expect(Object.isFrozen(r.state.dbs.agent)).toBe(true);
  });

  it("an unknown tool: gold skips it with a warning; a recording dispatches it and lists it once in unmapped", () => {
    const calls = [{ name: "get_weather", arguments: {} }, read, { name: "get_weather", arguments: { city: "Oslo" } }];
    const gold = replayCallList(domain, prepared, calls, env(), { ...GOLD, sync: "after-writes" });
    expect(gold.calls.map((c) => c.name)).toStrictEqual(["get_item"]);
    expect(gold.warnings).toStrictEqual(["init: prepared", "gold: no agent tool named 'get_weather'; skipped", "gold: no agent tool named 'get_weather'; skipped"]);
    expect(gold.unmapped).toStrictEqual([]);

    const recorded = replayCallList(domain, prepared, calls, env(), RECORDED);
    expect(recorded.calls.map((c) => [c.name, c.status])).toStrictEqual([
      ["get_weather", "unknown_tool"],
      ["get_item", "ok"],
      ["get_weather", "unknown_tool"],
    ]);
    expect(recorded.calls[0]?.result).toStrictEqual({
      status: "error",
      error_type: "unknown_tool",
      message: "There is no tool named 'get_weather'. Use one of the available tools instead.",
      available_tools: ["buggy", "crash", "get_item", "restock_item"],
    });
    expect(recorded.unmapped).toStrictEqual(["get_weather (agent)"]);
  });

  it("a crash is the Python exception's text to the model; gold also warns of it", () => {
    const call = { name: "crash", arguments: {} };
    const gold = replayCallList(domain, prepared, [call], env(), { ...GOLD, sync: "after-writes" });
    expect(gold.calls[0]).toMatchObject({ status: "crashed", result: { error: "'I9'" } });
    expect(gold.warnings).toStrictEqual(["init: prepared", "gold: crash raised: KeyError: 'I9'"]);
    expect(replayCallList(domain, prepared, [call], env(), RECORDED).warnings).toStrictEqual(["init: prepared"]);
  });

  it("a tool's bug is thrown: as the tool's ToolBugError, or as the error the rules make of it with the call's index", () => {
    const calls = [read, { name: "buggy", arguments: {} }];
    expect(() => replayCallList(domain, prepared, calls, env(), RECORDED)).toThrow(ToolBugError);
    const made = (index: number, call: { name: string }, bug: ToolBugError) => new Error(`#${index} ${call.name}: ${bug.tool}`);
    expect(() => replayCallList(domain, prepared, calls, env(), { ...GOLD, toolBug: made })).toThrow("#1 buggy: buggy");
  });

  it("carries a bare-float argument mark, and compares a recorded result where the recording gives one", () => {
    const r = replayCallList(
      domain,
      prepared,
      [
        { ...read, recorded: { value: { item_id: "I1", name: "lamp", count: 2 } } },
        { ...read, recorded: { value: { item_id: "I1", name: "lamp", count: 3 } } },
        { name: "get_item", arguments: 2, argumentsFloat: true as const },
      ],
      env(),
      RECORDED,
    );
    expect(r.calls[0]?.recorded).toStrictEqual({ same: true });
    expect(r.calls[1]?.recorded).toStrictEqual({ same: false, diff: "$.count: recorded 3, evalsim 2" });
    expect(r.calls[2]).toMatchObject({ argumentsFloat: true, arguments: 2 });
    expect(r.calls[2]).not.toHaveProperty("recorded");
    expect(r.calls[0]).not.toHaveProperty("argumentsFloat");
  });
});
