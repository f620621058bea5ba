/**
 * `_execute(**(arguments or {}))` as the reference runs it: expected texts are
 * what the reference's tools deliver for the same calls (its caller turns the
 * TypeError into `{"error": str(e)}`), and a tool's unexpected exception is a
 * bug that errors the scenario instead of reaching the model.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registry } from "../../../src/domains/index.js";
import { dispatch, initialRunState, ToolBugError } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import { defineTool, type Side } from "../../../src/engine/types.js";
import type { JsonValue } from "../../../src/json/types.js";
import { PyError } from "../../../src/python/error.js";
import { toolDomain } from "../../helpers/tool-domain.js";

const env = { today: "2025-02-25", rng: createRng(1), names: "llm" as const };
const call = (domainName: string, name: string, args: JsonValue, side: Side = "agent") => {
  const domain = registry.domains.find((d) => d.name === domainName);
  if (!domain) throw new Error(domainName);
  return dispatch(domain, initialRunState({}), side, { name, arguments: args }, env);
};

describe("binding the arguments of a call", () => {
  it("a truthy non-object is Python's TypeError, naming _execute with its module", () => {
    expect(call("tau2_retail", "FindUserIdByNameZipTool", 1).result).toEqual({
      error: "nemo_voice_agent.evaluation.tools.tau2_retail_tools._Tau2InvokeMixin._execute() argument after ** must be a mapping, not int",
    });
    expect(call("tau2_telecom", "make_payment", true, "user").result).toEqual({
      error: "nemo_voice_agent.evaluation.tools.tau2_telecom_user_tools._Tau2InvokeMixin._execute() argument after ** must be a mapping, not bool",
    });
    const end = call("tau2_airline", "EndConversationTool", true);
    expect(end.result).toEqual({ error: "nemo_voice_agent.evaluation.tools.rtvi_control.SendExitMessageTool._execute() argument after ** must be a mapping, not bool" });
    expect(end.exit).toBe(false);
  });

  it("an argument named self fails every tool, and EndConversationTool does not end the call", () => {
    expect(call("tau2_airline", "GetFlightStatusTool", { self: 1, flight_number: "HAT211", date: "2024-05-21" }).result).toEqual({
      error: "_Tau2InvokeMixin._execute() got multiple values for argument 'self'",
    });
    expect(call("tau2_telecom", "resume_line", { self: 1, customer_id: "C1002", line_id: "L1005" }).result).toEqual({
      error: "_Tau2InvokeMixin._execute() got multiple values for argument 'self'",
    });
    expect(call("eva_airline", "GetReservationTool", { self: 1 }).result).toEqual({ error: "GetReservationTool._execute() got multiple values for argument 'self'" });
    const end = call("eva_airline", "EndConversationTool", { self: 1 });
    expect(end.result).toEqual({ error: "SendExitMessageTool._execute() got multiple values for argument 'self'" });
    expect(end.exit).toBe(false);
  });

  it("falsy arguments are no arguments", () => {
    for (const args of [null, [], "", 0, false]) {
      const out = call("eva_airline", "EndConversationTool", args);
      expect(out.status).toBe("ok");
      expect(out.exit).toBe(true);
    }
  });
});

describe("exceptions inside a tool", () => {
  const domain = (run: () => JsonValue) =>
    toolDomain({
      name: "d",
      agent: [defineTool({ name: "T", description: "t", args: z.object({}), kind: "write", needsDb: false, run })],
      unknownArgs: "reject",
      argumentError: () => ({ status: "error" }),
      dbNotInitialized: () => ({ status: "error" }),
    });

  it("a modelled Python exception is the reference's {error: str(e)}", () => {
    const out = dispatch(domain(() => { throw new PyError("KeyError", "'x'"); }), initialRunState({}), "agent", { name: "T", arguments: {} }, env);
    expect(out.status).toBe("crashed");
    expect(out.result).toEqual({ error: "'x'" });
  });

  it("any other exception is a bug: dispatch throws instead of showing the model a result", () => {
    const bug = domain(() => (undefined as unknown as { x: JsonValue }).x);
    expect(() => dispatch(bug, initialRunState({}), "agent", { name: "T", arguments: {} }, env)).toThrow(ToolBugError);
  });
});
