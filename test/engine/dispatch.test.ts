/** Dispatch basics over a small domain: lookup, argument errors, writes, failed calls. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { findTool, toolNames } from "../../src/engine/toolbox.js";
import { defineTool } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

const shop = tinyDomain("shop");
const db = (): JsonObject => shop.scenarios("")[0]!.initialDbs().agent!;
const env = { today: "2026-01-05", rng: createRng(1) };
const call = (name: string, args: JsonObject) => dispatch(shop, initialRunState({ agent: db() }), "agent", { name, arguments: args }, env);

describe("toolbox", () => {
  it("finds tools by name on their side only, and lists the names sorted", () => {
    expect(findTool(shop, "agent", "restock_item")?.kind).toBe("write");
    expect(findTool(shop, "user", "restock_item")).toBeUndefined();
    expect(toolNames(shop, "agent")).toEqual(["get_item", "restock_item"]);
  });

  it("refuses two tools claiming one name", () => {
    const clash = defineTool({ name: "other", aliases: ["get_item"], description: "", args: z.object({}), kind: "read", run: () => null });
    expect(() => findTool(tinyDomain("clash", [clash]), "agent", "x")).toThrow("domain clash: tool name 'get_item' is claimed by both get_item and other");
  });
});

describe("dispatch", () => {
  it("a read returns its result and leaves the DB and records alone", () => {
    const out = call("get_item", { item_id: "I1" });
    expect(out.status).toBe("ok");
    expect(out.result).toEqual({ item_id: "I1", name: "lamp", count: 2 });
    expect(out.records).toEqual([]);
    expect(out.wrote).toBe(false);
  });

  it("a write changes a copy of the DB and records one action stamped with its side", () => {
    const before = db();
    const out = call("restock_item", { item_id: "I2", amount: 3 });
    expect(out.status).toBe("ok");
    expect(out.wrote).toBe(true);
    expect((out.state.dbs.agent!["items"] as Record<string, { count: number }>)["I2"]!.count).toBe(3);
    expect((before["items"] as Record<string, { count: number }>)["I2"]!.count).toBe(0);
    expect(out.records).toHaveLength(1);
    expect(out.records[0]!["side"]).toBe("agent");
  });

  it("a failed write keeps the DB and records nothing", () => {
    const start = initialRunState({ agent: db() });
    const out = dispatch(shop, start, "agent", { name: "restock_item", arguments: { item_id: "I2", amount: 0 } }, env);
    expect(out.status).toBe("error");
    expect(out.state.dbs.agent).toBe(start.dbs.agent);
    expect(out.records).toEqual([]);
  });

  it("unknown arguments are rejected through the domain's formatter", () => {
    const out = call("get_item", { item_id: "I1", extra: 1 });
    expect(out.status).toBe("invalid_arguments");
    expect(out.result).toMatchObject({ status: "error", message: "invalid arguments" });
  });

  it("an unknown tool lists the side's tools", () => {
    const out = call("sell_item", {});
    expect(out.status).toBe("unknown_tool");
    expect(out.result).toMatchObject({ error_type: "unknown_tool", available_tools: ["get_item", "restock_item"] });
  });
});
