/**
 * A scenario's declared checks decided from a transcript: a forbidden call
 * counts whatever its result, a required call only with an `ok` result,
 * argument values are matched as a subset, and each verdict names the calls
 * that decided it. (`communicate` against tau2's own loop is the
 * python-differential suite beside this one.)
 */
import { describe, expect, it } from "vitest";
import type { TranscriptEvent } from "../../src/engine/conversation/types.js";
import type { ScenarioChecks } from "../../src/engine/scenario.js";
import type { JsonValue } from "../../src/json/types.js";
import { communicateVerdicts, evaluateChecks } from "../../src/scoring/declared-checks.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const domain = tinyDomain("stock");

function call(id: string, name: string, args: JsonValue, status: "ok" | "error" = "ok", side: "agent" | "user" = "agent"): TranscriptEvent[] {
  return [
    { type: "tool_call", t: 0, side, id, name, arguments: args },
    { type: "tool_result", t: 0, side, id, name, status, result: status === "ok" ? { item_id: "I2" } : { status: "error", message: "no" } },
  ];
}
const say = (text: string, side: "agent" | "user" = "agent"): TranscriptEvent => ({ type: "message", t: 0, side, text });
const checks = (c: Partial<ScenarioChecks>): ScenarioChecks => ({ mustNotCall: [], mustCall: [], communicate: [], ...c });

describe("evaluateChecks", () => {
  it("a forbidden call counts even when the tool refused it, and names the calls made", () => {
    const transcript = [...call("call_1", "restock_item", { item_id: "I2", amount: 3 }, "error"), ...call("call_2", "get_item", { item_id: "I1" })];
    const v = evaluateChecks(domain, checks({ mustNotCall: [{ name: "restock_item" }, { name: "get_item", arguments: { item_id: "I3" } }] }), transcript);
    expect(v).toStrictEqual({
      passed: false,
      must_not_call: [
        { name: "restock_item", side: "agent", met: false, calls: ["call_1"] },
        { name: "get_item", side: "agent", arguments: { item_id: "I3" }, met: true, calls: [] },
      ],
      must_call: [],
      communicate: [],
    });
  });

  it("a required call is met only by a successful call holding each of the matcher's argument values", () => {
    const transcript = [
      ...call("call_1", "restock_item", { item_id: "I2", amount: 3 }, "error"),
      ...call("call_2", "restock_item", { item_id: "I1", amount: 3 }),
      ...call("call_3", "restock_item", { item_id: "I2", amount: 3 }),
    ];
    const v = evaluateChecks(domain, checks({ mustCall: [{ name: "restock_item", arguments: { item_id: "I2" } }, { name: "restock_item", arguments: { item_id: "I2", amount: 4 } }] }), transcript);
    expect(v.must_call).toStrictEqual([
      { name: "restock_item", side: "agent", arguments: { item_id: "I2" }, met: true, calls: ["call_3"] },
      { name: "restock_item", side: "agent", arguments: { item_id: "I2", amount: 4 }, met: false, calls: [] },
    ]);
    expect(v.passed).toBe(false);
  });

  it("argument values are compared as JSON: nested values must be equal, 3 is not '3'", () => {
    const transcript = [...call("call_1", "restock_item", { item_id: "I2", amount: "3", tags: [{ a: 1 }] })];
    const met = (args: Record<string, JsonValue>): boolean => evaluateChecks(domain, checks({ mustCall: [{ name: "restock_item", arguments: args }] }), transcript).passed;
    expect(met({ tags: [{ a: 1 }] })).toBe(true);
    expect(met({ tags: [{ a: 1, b: 2 }] })).toBe(false);
    expect(met({ amount: 3 })).toBe(false);
    expect(met({ missing: null })).toBe(false);
  });

  it("matches the matcher's side only: a user's call does not meet an agent check", () => {
    const transcript = call("call_1", "get_item", { item_id: "I1" }, "ok", "user");
    const v = evaluateChecks(domain, checks({ mustCall: [{ name: "get_item" }], mustNotCall: [{ name: "get_item" }] }), transcript);
    expect(v.must_call[0]?.met).toBe(false);
    expect(v.must_not_call[0]?.met).toBe(true);
  });

  it("communicate reads only the agent's messages, and passes when every verdict is met", () => {
    const transcript = [say("Your desk is RESTOCKED, with 3 more."), say("restocked? thanks", "user"), ...call("call_1", "restock_item", { item_id: "I2", amount: 3 })];
    const v = evaluateChecks(domain, checks({ mustCall: [{ name: "restock_item" }], communicate: ["restocked with 3"] }), transcript);
    expect(v.communicate).toStrictEqual([{ info: "restocked with 3", met: true, justification: "Information 'restocked with 3' communicated in the message:\n 'Your desk is RESTOCKED, with 3 more.'" }]);
    expect(v.passed).toBe(true);
    const said = evaluateChecks(domain, checks({ communicate: ["thanks"] }), transcript);
    expect(said.communicate).toStrictEqual([{ info: "thanks", met: false, justification: "Information 'thanks' not communicated." }]);
    expect(said.passed).toBe(false);
  });

  it("no checks declared: passed, with three empty lists", () => {
    expect(evaluateChecks(domain, checks({}), [])).toStrictEqual({ passed: true, must_not_call: [], must_call: [], communicate: [] });
  });
});

describe("communicateVerdicts", () => {
  it("skips blank messages and takes the first message that holds the item", () => {
    expect(communicateVerdicts(["desk"], ["  ", "a desk", "the desk"])).toStrictEqual([{ info: "desk", met: true, justification: "Information 'desk' communicated in the message:\n 'a desk'" }]);
  });
});
