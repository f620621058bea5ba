/**
 * The reference's tests/unit/test_tool_calling_and_rtvi_controls.py, the
 * cases about tools themselves: a tool's LLM schema, one result per call,
 * errors and empty results as delivered, the unknown-tool answer, the exit
 * tool's acknowledgement, and action records with per-tool call counters.
 * The pipecat registration and RTVI transport cases are not applicable.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { toolMessage } from "../../src/engine/bots/llm-context.js";
import type { Domain } from "../../src/engine/domain.js";
import { dispatch, initialRunState, type RunState } from "../../src/engine/dispatch.js";
import { endConversationTool } from "../../src/engine/end-conversation.js";
import { toolSpec } from "../../src/engine/json-schema.js";
import { createRng } from "../../src/engine/rng.js";
import { defineTool, type AnyToolDef } from "../../src/engine/types.js";
import { PyError } from "../../src/python/error.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import type { Obj } from "./helpers.js";

const good = defineTool({
  name: "_GoodTool",
  description: "A useful tool",
  args: z.object({ value: z.string() }),
  kind: "read",
  run: (_db, args) => ({ arguments: { ...args } }),
});
const failing = defineTool({
  name: "_FailingTool",
  description: "fails",
  args: z.object({ value: z.string() }),
  kind: "read",
  run: () => {
    throw new PyError("ValueError", "boom");
  },
});
const emptyTool = (v: JsonValue) => defineTool({ name: "_EmptyResultTool", description: "empty", args: z.object({ value: z.string() }), kind: "read", run: () => v });
const recording = defineTool({
  name: "_RecordingWriteTool",
  description: "records actions",
  args: z.object({}),
  kind: "write",
  run: (db, _args, ctx) => {
    db["n"] = 1;
    ctx.record({ action_type: "known_action", name: "first" });
    return { first: ctx.nextCallIndex("refund"), second: ctx.nextCallIndex("refund") };
  },
});
const domainOf = (tools: AnyToolDef[]): Domain => ({
  name: "_c",
  tools: { agent: tools },
  unknownArgs: "reject",
  argumentError: () => ({ status: "error" }),
  dbNotInitialized: () => ({ status: "error" }),
  scenarios: () => [],
});
const env = { today: "2025-02-25", rng: createRng(0), names: "llm" as const };
const run = (tools: AnyToolDef[], name: string, args: JsonValue, state: RunState = initialRunState({ agent: { rows: [] } })) => dispatch(domainOf(tools), state, "agent", { name, arguments: args }, env);
const delivered = (tools: AnyToolDef[], name: string, args: JsonValue): JsonValue => JSON.parse(toolMessage("c1", run(tools, name, args).result).content) as JsonValue;

describe("a tool", () => {
  it("test_standard_schema_tool_uses_class_name_and_builds_schema", () => {
    const fn = toolSpec(good).function as Obj;
    expect(fn.name).toBe("_GoodTool");
    expect(fn.description).toBe("A useful tool");
    expect(fn.parameters.properties).toEqual({ value: { type: "string" } });
    expect(fn.parameters.required).toEqual(["value"]);
  });
  it("test_standard_schema_tool_call_emits_success_result", () => {
    expect(delivered([good], "_GoodTool", { value: "abc" })).toEqual({ arguments: { value: "abc" } });
  });
  it("test_standard_schema_tool_call_wraps_execution_errors", () => {
    expect(delivered([failing], "_FailingTool", { value: "abc" })).toEqual({ error: "boom" });
  });
  it.each([
    [[], { status: "success", results: [], count: 0, message: "No matching records found." }],
    [{}, { status: "success", results: {}, message: "No matching records found." }],
    [null, { status: "success", result: null, message: "Completed with no data returned." }],
    ["", { status: "success", result: "", message: "Completed with no data returned." }],
  ] as [JsonValue, JsonObject][])("test_standard_schema_tool_call_normalizes_empty_results[%j]", (empty, expected) => {
    expect(delivered([emptyTool(empty)], "_EmptyResultTool", { value: "abc" })).toEqual(expected);
  });
  it("test_unknown_tool_handler_returns_structured_context_visible_error", () => {
    expect(run([defineTool({ name: "real_tool", description: "r", args: z.object({}), kind: "read", run: () => ({}) })], "hallucinated_tool", {}).result).toEqual({
      status: "error",
      error_type: "unknown_tool",
      message: "There is no tool named 'hallucinated_tool'. Use one of the available tools instead.",
      available_tools: ["real_tool"],
    });
  });
  // The exit tool acknowledges first; the conversation ends after the result is delivered.
  it("test_send_exit_message_tool_acknowledges_before_sending_exit", () => {
    const out = run([endConversationTool], "EndConversationTool", {});
    expect(out.result).toEqual({ success: true, message: "Exit message sent." });
    expect(out.exit).toBe(true);
  });
  it("test_write_scenario_tool_records_actions_and_call_counts", () => {
    const out = run([recording], "_RecordingWriteTool", {});
    expect(out.records.map(({ side: _s, ...r }) => r)).toEqual([{ action_type: "known_action", name: "first" }]);
    expect(out.result).toEqual({ first: 1, second: 2 });
    expect(out.state.callCounts.agent).toEqual({ refund: 2 });
  });
});
