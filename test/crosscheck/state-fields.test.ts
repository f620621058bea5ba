/**
 * The field paths of a state difference, from the reference's DB as its
 * driver sends it (Python's json.dumps) beside evalsim's DB after the same
 * calls.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { RunState } from "../../src/engine/dispatch.js";
import type { JsonObject } from "../../src/json/types.js";
import { stateFields } from "../../src/crosscheck/state-fields.js";

const state = (agent: JsonObject, user?: JsonObject): RunState => ({ dbs: { agent, ...(user ? { user } : {}) }, actions: [], callCounts: {} });

/** A DB as the driver's answer carries it: written by Python's json module, read by JSON.parse. */
function fromPython(pythonLiteral: string): JsonObject {
  const r = spawnSync("python3", ["-c", `import json; print(json.dumps(${pythonLiteral}))`], { encoding: "utf8" });
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as JsonObject;
}

describe("stateFields", () => {
  it("sees no difference where Python wrote an integral float (1.0) and evalsim holds 1", () => {
    const theirs = fromPython("{'reservations': {'ABC123': {'bags_checked': 1.0, 'price': 250.0}}}");
    const f = stateFields({ agent: theirs }, state({ reservations: { ABC123: { bags_checked: 1, price: 250 } } }), ["agent"]);
    expect(f.paths).toEqual({ agent: [] });
    expect(f.key).toBe("agent (no field: hashes differ only)");
  });

  it("names the field that differs, with both values, and a key with the record id generalised", () => {
    const theirs = fromPython("{'reservations': {'ABC123': {'bags_checked': 0, 'meal': 'none'}}}");
    const f = stateFields({ agent: theirs }, state({ reservations: { ABC123: { bags_checked: 2, meal: "none" } } }), ["agent"]);
    expect(f.paths["agent"]).toEqual(["reservations.ABC123.bags_checked"]);
    expect(f.values["agent:reservations.ABC123.bags_checked"]).toEqual({ reference: 0, evalsim: 2 });
    expect(f.key).toMatch(/^agent .*bags_checked/);
    expect(f.key).not.toContain("ABC123");
  });

  it("reports each side, and a side the reference sent no DB for as a whole-value difference", () => {
    const f = stateFields({ agent: { a: 1 } }, state({ a: 1 }, { b: 1 }), ["agent", "user"]);
    expect(f.paths).toEqual({ agent: [], user: ["(whole value)"] });
  });
});
