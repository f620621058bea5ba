/**
 * A small stock-room domain for testing what runs over any domain (the
 * fuzzer): one DB of items, a read and a write that behave, and whatever
 * extra tools a test adds (deliberately broken ones).
 */
import { z } from "zod";
import type { Domain } from "../../src/engine/domain.js";
import type { Scenario } from "../../src/engine/scenario.js";
import type { AnyToolDef } from "../../src/engine/types.js";
import { defineTool } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";
import { deepFreeze } from "../../src/json/freeze.js";

type Item = { item_id: string; name: string; count: number };
const items = (db: JsonObject): Record<string, Item> => db["items"] as unknown as Record<string, Item>;

export const getItem = defineTool({
  name: "get_item",
  description: "Look an item up by its id.",
  args: z.object({ item_id: z.string() }),
  kind: "read",
  run: (db, { item_id }) => items(db)[item_id] ?? { status: "error", message: `no item ${item_id}` },
});

export const restockItem = defineTool({
  name: "restock_item",
  description: "Add to an item's count.",
  args: z.object({ item_id: z.string(), amount: z.number().int() }),
  kind: "write",
  run: (db, args, ctx) => {
    const item = Object.hasOwn(items(db), args.item_id) ? items(db)[args.item_id] : undefined;
    if (!item) return { status: "error", message: `no item ${args.item_id}` };
    if (args.amount < 1) return { status: "error", message: "amount must be positive" };
    item.count += args.amount;
    const result = { ...item };
    ctx.record({ action_type: "restock_item", name: "restock_item", arguments: { ...args }, result });
    return result;
  },
});

const DB: JsonObject = deepFreeze({
  items: {
    I1: { item_id: "I1", name: "lamp", count: 2 },
    I2: { item_id: "I2", name: "desk", count: 0 },
    I3: { item_id: "I3", name: "chair", count: 7 },
  },
});

function scenario(domain: string, id: string): Scenario {
  return {
    name: `${domain}__${id}`,
    bucket: domain,
    domain,
    upstreamId: id,
    description: `restock ${id}`,
    successSignals: ["db_state_match"],
    today: "2026-01-05",
    todayFromClock: false,
    initialDbs: () => ({ agent: DB }),
    initializationActions: [],
    dbStateAssertions: [],
    nlAssertions: [],
    goldCalls: () => [{ name: "restock_item", arguments: { item_id: "I2", amount: 3 } }],
    shippedExpectedDb: () => undefined,
    agentPrompt: () => "You run the stock room.",
    userPrompt: () => "You want a desk restocked.",
    user: { opening: "Hi", goal: "restock", knownInfo: "", unknownInfo: "", instructions: "" },
    labels: {},
  };
}

export function tinyDomain(name: string, extraTools: readonly AnyToolDef[] = []): Domain {
  return {
    name,
    tools: { agent: [getItem, restockItem, ...extraTools] },
    unknownArgs: "reject",
    argumentError: (_tool, errors) => ({ status: "error", message: "invalid arguments", details: errors.map((e) => e.msg) }),
    dbNotInitialized: () => ({ status: "error", message: "no DB" }),
    scenarios: () => [scenario(name, "one"), scenario(name, "two")],
  };
}
