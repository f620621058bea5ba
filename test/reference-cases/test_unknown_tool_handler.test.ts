/**
 * The reference's tests/unit/test_unknown_tool_handler.py: a call to a tool
 * the model was not given gets a structured `unknown_tool` error listing,
 * sorted, only the tools of that side's tool list. (The five cases that read
 * tool names out of pipecat context shapes are not applicable: evalsim builds
 * the list from the domain's tools.)
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Domain } from "../../src/engine/domain.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { defineTool, type AnyToolDef } from "../../src/engine/types.js";
import { tau2Retail } from "../../src/domains/tau2_retail/index.js";
import type { Obj } from "./helpers.js";

const tool = (name: string): AnyToolDef => defineTool({ name, description: name, args: z.object({}), kind: "read", run: () => ({ ok: true }) });
const domainOf = (names: string[]): Domain => ({
  name: "_u",
  tools: { agent: names.map(tool) },
  unknownArgs: "drop",
  argumentError: () => ({ status: "error" }),
  dbNotInitialized: () => ({ status: "error" }),
  scenarios: () => [],
});
const unknown = (d: Domain, name: string) =>
  dispatch(d, initialRunState({ agent: { x: 1 } }), "agent", { name, arguments: {} }, { today: "2025-02-25", rng: createRng(0), names: "llm" }).result as Obj;

describe("unknown tool", () => {
  it("test_unknown_tool_emits_structured_error_from_context_tools", () => {
    const r = unknown(domainOf(["GetUserDetailsTool", "GetOrderDetailsTool", "ListAllProductTypesTool"]), "GetUserOrders");
    expect(r).toEqual({
      status: "error",
      error_type: "unknown_tool",
      message: "There is no tool named 'GetUserOrders'. Use one of the available tools instead.",
      available_tools: ["GetOrderDetailsTool", "GetUserDetailsTool", "ListAllProductTypesTool"],
    });
  });
  // Only the side's own tool list: here retail's agent tools, no other domain's, no user tools.
  it("test_handler_ignores_llm_functions_registry", () => {
    const r = unknown(tau2Retail, "Hallucinated");
    expect(r.available_tools).toEqual(tau2Retail.tools.agent.map((t) => t.name).sort());
    expect(r.available_tools).not.toContain("GetCityWeatherTool");
  });
  it("test_handler_sorts_available_tools_for_stable_output", () => {
    expect(unknown(domainOf(["ZZZ_Tool", "AAA_Tool", "MMM_Tool"]), "FakeName").available_tools).toEqual(["AAA_Tool", "MMM_Tool", "ZZZ_Tool"]);
  });
  it("test_handler_with_no_context_tools_reports_empty_list", () => {
    const r = unknown(domainOf([]), "Anything");
    expect(r.available_tools).toEqual([]);
    expect(r.error_type).toBe("unknown_tool");
  });
});
