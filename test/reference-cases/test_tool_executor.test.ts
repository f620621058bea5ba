/**
 * eva 0.1.3 tests/unit/assistant/test_tool_executor.py (ServiceNow/eva tag
 * 0.1.3, commit 58637852d0694b34b26630dc78c104dfc6dc5fd5), one test per
 * upstream test. eva's ToolExecutor is evalsim's dispatch on the eva_airline
 * domain; the tools are the test's own module (get_reservation,
 * update_reservation, failing_tool) on its one-reservation DB. Three tests
 * differ because evalsim follows NeMo, not eva's executor (divergence
 * `eva_airline:executor-follows-nemo`): an unknown tool gets NeMo's
 * unknown-tool answer, a raising tool is a tool bug that stops the run, and
 * only tools that draw a call index count their calls. One is n/a: a tool
 * configured but missing from the module cannot happen where a tool is one
 * value.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import type { Domain } from "../../src/engine/domain.js";
import { dispatch, initialRunState, ToolBugError, type RunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { defineTool } from "../../src/engine/types.js";
import { deepFreeze } from "../../src/json/freeze.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { loadKnownDivergences } from "../../src/loaders/known-divergences.js";

type Obj = Record<string, any>;
const reservations = (db: JsonObject): Obj => (db["reservations"] ?? {}) as Obj;

const getReservation = defineTool({
  name: "get_reservation",
  description: "Get reservation",
  args: z.object({ confirmation_number: z.string() }),
  kind: "read",
  run: (db, { confirmation_number }) => {
    const res = reservations(db)[confirmation_number.toUpperCase()];
    return res ? { status: "success", reservation: res } : { status: "error", error_type: "not_found", message: "Not found" };
  },
});

const updateReservation = defineTool({
  name: "update_reservation",
  description: "Update reservation",
  args: z.object({ confirmation_number: z.string(), new_status: z.string() }),
  kind: "write",
  run: (db, { confirmation_number, new_status }) => {
    const res = reservations(db)[confirmation_number.toUpperCase()];
    if (!res) return { status: "error", error_type: "not_found", message: "Not found" };
    res.status = new_status;
    return { status: "success", updated: { ...res } };
  },
});

const failingTool = defineTool({
  name: "failing_tool",
  description: "A tool that always fails",
  args: z.object({}),
  kind: "read",
  run: () => {
    throw new Error("Something broke");
  },
});

const domain: Domain = { ...evaAirline, tools: { agent: [getReservation, updateReservation, failingTool] } };
const DB: JsonObject = deepFreeze({ reservations: { ABC123: { confirmation_number: "ABC123", last_name: "Smith", status: "confirmed" } } });
const ENV = { today: "2026-02-25", rng: createRng(0) };

function executor() {
  let state: RunState = initialRunState({ agent: DB });
  return {
    execute(name: string, args: JsonValue): Obj {
      const out = dispatch(domain, state, "agent", { name, arguments: args }, ENV);
      state = out.state;
      return out.result as Obj;
    },
    get db(): Obj {
      return state.dbs.agent as Obj;
    },
    get counts(): Obj {
      return state.callCounts.agent ?? {};
    },
  };
}

describe("eva 0.1.3 tests/unit/assistant/test_tool_executor.py", () => {
  it("test_successful_call_returns_result", () => {
    const result = executor().execute("get_reservation", { confirmation_number: "ABC123" });
    expect(result["status"]).toBe("success");
    expect(result["reservation"].confirmation_number).toBe("ABC123");
  });

  it("test_tool_not_found_in_config (divergence eva_airline:executor-follows-nemo: NeMo's unknown-tool answer)", () => {
    const result = executor().execute("nonexistent_tool", {});
    expect(result["status"]).toBe("error");
    // eva: error_type "tool_not_found".
    expect(result["error_type"]).toBe("unknown_tool");
    expect(result["message"]).toBe("There is no tool named 'nonexistent_tool'. Use one of the available tools instead.");
  });

  it("test_tool_exception_returns_error (divergence eva_airline:executor-follows-nemo: a raising tool is a tool bug)", () => {
    // eva: {"status": "error", "error_type": "execution_error", "message": "Tool execution failed: Something broke"}.
    expect(() => executor().execute("failing_tool", {})).toThrow(ToolBugError);
    expect(() => executor().execute("failing_tool", {})).toThrow(/Something broke/);
  });

  it("test_call_index_increments (divergence eva_airline:executor-follows-nemo: only tools that draw a call index count)", () => {
    const e = executor();
    e.execute("get_reservation", { confirmation_number: "ABC123" });
    e.execute("get_reservation", { confirmation_number: "ABC123" });
    // eva: _tool_call_counts["get_reservation"] == 2, counted for every call.
    expect(e.counts["get_reservation"]).toBeUndefined();
  });

  it("test_tool_mutates_db", () => {
    const e = executor();
    expect(e.db["reservations"].ABC123.status).toBe("confirmed");
    const result = e.execute("update_reservation", { confirmation_number: "ABC123", new_status: "cancelled" });
    expect(result["status"]).toBe("success");
    expect(result["updated"].status).toBe("cancelled");
    expect(e.db["reservations"].ABC123.status).toBe("cancelled");
    expect(e.execute("get_reservation", { confirmation_number: "ABC123" })["reservation"].status).toBe("cancelled");
  });

  it("test_reset_restores_original_db (a run state starts from the scenario's DB, with no counts)", () => {
    const e = executor();
    e.execute("update_reservation", { confirmation_number: "ABC123", new_status: "cancelled" });
    expect(e.db["reservations"].ABC123.status).toBe("cancelled");
    const fresh = executor();
    expect(fresh.db["reservations"].ABC123.status).toBe("confirmed");
    expect(fresh.counts).toEqual({});
  });

  it("test_original_db_not_mutated", () => {
    executor().execute("update_reservation", { confirmation_number: "ABC123", new_status: "cancelled" });
    expect((DB["reservations"] as Obj)["ABC123"].status).toBe("confirmed");
  });

  it("divergence eva_airline:executor-follows-nemo is recorded", () => {
    expect(loadKnownDivergences().find((d) => d.id === "eva_airline:executor-follows-nemo")?.evidence).toContain("tool_executor.py");
  });
});
