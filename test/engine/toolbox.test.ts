import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Domain } from "../../src/engine/domain.js";
import { findTool, toolNames } from "../../src/engine/toolbox.js";
import { defineTool } from "../../src/engine/types.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const cancel = defineTool({ name: "CancelOrderTool", aliases: ["cancel_order_v1"], actionName: "cancel_order", description: "Cancel.", args: z.object({}), kind: "write", run: () => ({}) });
const phoneTool = defineTool({ name: "toggle_data", description: "Toggle.", args: z.object({}), kind: "write", run: () => ({}) });

describe("the toolbox", () => {
  it("finds a model's call by the tool's LLM-visible name only; records may also use an alias or the record name", () => {
    const domain: Domain = { ...tinyDomain("shop", [cancel]) };
    expect(findTool(domain, "agent", "CancelOrderTool", "llm")).toBe(cancel);
    expect(findTool(domain, "agent", "cancel_order", "llm")).toBeUndefined();
    expect(findTool(domain, "agent", "cancel_order_v1", "llm")).toBeUndefined();
    expect(findTool(domain, "agent", "cancel_order")).toBe(cancel);
    expect(findTool(domain, "agent", "cancel_order_v1", "records")).toBe(cancel);
    expect(findTool(domain, "user", "CancelOrderTool")).toBeUndefined();
  });

  it("lists a side's LLM-visible names sorted, and keeps the sides apart", () => {
    const domain: Domain = { ...tinyDomain("shop", [cancel]), tools: { agent: [cancel, ...tinyDomain("x").tools.agent], user: [phoneTool] } };
    expect(toolNames(domain, "agent")).toEqual(["CancelOrderTool", "get_item", "restock_item"]);
    expect(toolNames(domain, "user")).toEqual(["toggle_data"]);
    expect(findTool(domain, "agent", "toggle_data")).toBeUndefined();
  });

  it("throws when two tools of a side claim one name", () => {
    const clash = defineTool({ name: "Other", aliases: ["cancel_order"], description: "x", args: z.object({}), kind: "read", run: () => ({}) });
    const domain: Domain = { ...tinyDomain("shop"), tools: { agent: [cancel, clash] } };
    expect(() => findTool(domain, "agent", "Other")).toThrow("domain shop: tool name 'cancel_order' is claimed by both CancelOrderTool and Other");
  });
});
