/**
 * The reference's tests/unit/test_tool_call_contract.py: one result per
 * call, arguments bound as keywords, a raising tool answering with a single
 * `{"error": ...}`, empty results wrapped where they are delivered, and the
 * exit following the result. evalsim's dispatch returns exactly one result
 * value per call; what the model reads is `toolMessage` of it.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { toolMessage } from "../../src/engine/bots/llm-context.js";
import type { Domain } from "../../src/engine/domain.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { defineTool } from "../../src/engine/types.js";
import { tau2Telecom } from "../../src/domains/tau2_telecom/index.js";
import { PyError } from "../../src/python/error.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";

function domainWith(behavior: (args: JsonObject) => JsonValue): Domain {
  const tool = defineTool({
    name: "test_tool",
    description: "test tool",
    args: z.looseObject({}),
    kind: "read",
    run: (_db, args) => behavior(args as JsonObject),
  });
  return { name: "_t", tools: { agent: [tool] }, unknownArgs: "drop", argumentError: () => ({ status: "error" }), dbNotInitialized: () => ({ status: "error" }), scenarios: () => [] };
}
const call = (d: Domain, args: JsonValue) => dispatch(d, initialRunState({ agent: { rows: [] } }), "agent", { name: "test_tool", arguments: args }, { today: "2025-02-25", rng: createRng(0) });
const delivered = (d: Domain, args: JsonValue): JsonValue => JSON.parse(toolMessage("c1", call(d, args).result).content) as JsonValue;

describe("the tool-call contract", () => {
  it("test_result_is_delivered_exactly_once", () => {
    const d = domainWith((kw) => ({ ok: true, got: kw }));
    expect(delivered(d, { value: "x" })).toEqual({ ok: true, got: { value: "x" } });
  });
  it("test_arguments_are_passed_as_keywords_not_params", () => {
    let seen: JsonObject = {};
    call(
      domainWith((kw) => {
        seen = { ...kw };
        return { ok: true };
      }),
      { a: 1, b: "two" },
    );
    expect(seen).toEqual({ a: 1, b: "two" });
  });
  it("test_exception_becomes_a_single_structured_error", () => {
    const d = domainWith(() => {
      throw new PyError("ValueError", "kaboom");
    });
    expect(delivered(d, {})).toEqual({ error: "kaboom" });
  });
  it.each([
    [[], "results"],
    [{}, "results"],
    [null, "result"],
    ["", "result"],
  ] as [JsonValue, string][])("test_empty_results_are_normalized_centrally[%j]", (empty, key) => {
    const out = delivered(
      domainWith(() => empty),
      {},
    ) as JsonObject;
    expect(out).toHaveProperty(key);
    expect(out["status"]).toBe("success");
  });
  // The post-delivery hook's one use is the exit message: the result is delivered, then the call ends.
  it("test_after_result_hook_runs_after_delivery", () => {
    const out = dispatch(tau2Telecom, initialRunState({ agent: {} }), "agent", { name: "EndConversationTool", arguments: {} }, { today: "2025-02-25", rng: createRng(0) });
    expect(out.result).toBeDefined();
    expect(out.exit).toBe(true);
  });
  it("test_error_message_containing_braces_is_not_mangled_by_the_logger", () => {
    const d = domainWith(() => {
      throw new PyError("ValueError", "Each item must have a `name` key, but the item is: {}.");
    });
    expect(String((delivered(d, {}) as JsonObject)["error"])).toMatch(/the item is: \{\}\.$/);
  });
});
